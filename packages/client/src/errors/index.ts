export * from './guards.js';
export * from './http-status-error.js';
export * from './record-validation-error.js';
export * from './response-format-error.js';
export * from './response-too-large-error.js';
export * from './site-content-error.js';
export * from './transport-errors.js';
export * from './write-rejected-error.js';
