/** Every test helper of @sitecontent/astro, one import away; each file below does one job. */
export * from './data-store.js';
export * from './emulator.js';
export * from './emulator-per-test.js';
export * from './fixture.js';
export * from './load-into.js';
export * from './loader-context.js';
export * from './logger.js';
export * from './proxies.js';
export * from './purge-recorder.js';
export * from './site.js';
export * from './structured-data.js';
export * from './sync.js';
