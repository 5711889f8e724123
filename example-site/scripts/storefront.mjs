#!/usr/bin/env node
// Runs the example storefront: `node example-site/scripts/storefront.mjs build|dev|check [--out-dir <dir>]`,
// or `serve --port N [--out-dir <dir>]`: builds it with the home, section and article pages prerendered and product
// pages on demand, then serves it with the Node adapter on 127.0.0.1:N (the purge endpoint answers
// when SITECONTENT_PURGE_TOKEN is set) until SIGINT or SIGTERM.
//
// With SITECONTENT_BASE_URL set, Astro reads the content from that service (SITECONTENT_API_KEY and
// SITECONTENT_SID must be set too). Without it, the runner starts the emulator in-process with the
// demo catalog on a free port, points the build at it, copies the demo images into
// example-site/public/, serves them on 127.0.0.1 for astro:assets (STOREFRONT_PHOTO_ORIGIN) and
// stops both when Astro is done.
// `--cache-dir <dir>` (build, serve, dev) keeps Astro's build cache there instead of node_modules/: the
// tests build into temporary folders only, leaving a user's build, output and cache alone.
// The API key is never printed: only the service's origin is.
import { cp, mkdir } from 'node:fs/promises';
import { connect as connectSocket } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startPhotoServer } from './photo-server.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const siteRoot = path.join(repoRoot, 'example-site');
// Relative: Astro joins it to the root (the working directory, set below).
const configFile = 'astro.config.mjs';
const publicDir = path.join(siteRoot, 'public');

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'out-dir': { type: 'string' },
    'cache-dir': { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
  },
});
const command = positionals[0];

// Astro needs Node 22.23.4 or later (the project's floor: tools/node-floor.mjs). An older Node would
// fail deep inside an import; one line says what to run instead (npx runs the npm package `node`,
// Node 24, without installing it).
const NEEDED = [22, 23, 4];
const have = process.versions.node.split('.').map(Number);
const older = NEEDED.findIndex((n, i) => have[i] !== n);
if (older !== -1 && (have[older] ?? 0) < (NEEDED[older] ?? 0)) {
  const again = ['npx -y -p node@24 -- node', path.relative(process.cwd(), fileURLToPath(import.meta.url))]
    .concat(process.argv.slice(2))
    .join(' ');
  process.stderr.write(
    `storefront: needs Node ≥ ${NEEDED.join('.')}, this is ${process.versions.node}; run: ${again} (or npm run build, which uses the project's Node 24)\n`,
  );
  process.exit(1);
}
const USAGE =
  'usage: node example-site/scripts/storefront.mjs build|dev|check [--out-dir <dir>] | serve --port N [--out-dir <dir>]  (build, serve, dev: [--cache-dir <dir>])\n';
if (command === undefined || !['build', 'dev', 'check', 'serve'].includes(command)) {
  process.stderr.write(USAGE);
  process.exit(2);
}
if (command === 'serve' && !/^[0-9]+$/.test(values.port ?? '')) {
  process.stderr.write(`serve needs --port N\n${USAGE}`);
  process.exit(2);
}
// Read by astro.config.mjs (adapter, cache, the product route) and the pages (which paths to build).
if (command === 'serve') process.env.STOREFRONT_PRODUCTS_ON_DEMAND = 'true';

process.chdir(repoRoot);
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

const log = (message) => process.stdout.write(`[storefront] ${message}\n`);

/** Starts the demo emulator when no service is configured; returns it (or undefined). */
async function connect() {
  const env = process.env;
  if (env.SITECONTENT_BASE_URL) {
    for (const name of ['SITECONTENT_API_KEY', 'SITECONTENT_SID']) {
      if (!env[name]) throw new Error(`SITECONTENT_BASE_URL is set but ${name} is not`);
    }
    log(`content service: ${new URL(env.SITECONTENT_BASE_URL).origin}`);
    // A separately started emulator serves the demo catalog too: its images can be copied the same way.
    if (env.SITECONTENT_DEMO_ASSETS === '1') await copyDemoAssets();
    return undefined;
  }
  const { startEmulator } = await import('@sitecontent/emulator');
  const sid = Number(env.SITECONTENT_SID ?? 1);
  // A key given in the environment is the one the emulator accepts (the key-canary test uses this).
  const keys = env.SITECONTENT_API_KEY ? { [env.SITECONTENT_API_KEY]: [sid] } : undefined;
  const emulator = await startEmulator({ port: 0, db: ':memory:', seed: 'demo', ...(keys ? { keys } : {}) });
  env.SITECONTENT_BASE_URL = emulator.url;
  env.SITECONTENT_API_KEY = env.SITECONTENT_API_KEY || emulator.key;
  env.SITECONTENT_SID = String(keys ? sid : emulator.sid);
  log(
    `embedded emulator with the demo catalog at ${emulator.url} (set SITECONTENT_BASE_URL to use a real service)`,
  );
  await copyDemoAssets();
  return emulator;
}

/** @type {Awaited<ReturnType<typeof startPhotoServer>> | undefined} */
let photoServer;

/**
 * Copies the emulator's demo images into example-site/public/ (gitignored), so the browser loads
 * them from the site, and serves them on 127.0.0.1, where the build reads the photos to make sized
 * variants of them with astro:assets (src/lib/photos.ts).
 */
async function copyDemoAssets() {
  const { demoAssetsDir } = await import('@sitecontent/emulator');
  await mkdir(publicDir, { recursive: true });
  await cp(demoAssetsDir, publicDir, { recursive: true, force: true });
  process.env.STOREFRONT_LOCAL_IMAGES = 'true';
  photoServer = await startPhotoServer(publicDir);
  process.env.STOREFRONT_PHOTO_ORIGIN = photoServer.origin;
}

function summary(emulator) {
  if (!emulator) return;
  const stats = emulator.stats;
  const rejected = (stats.byStatus?.[401] ?? 0) + (stats.byStatus?.[403] ?? 0);
  log(`emulator served ${stats.total} requests, ${stats.total - rejected} authorized, ${rejected} rejected`);
}

async function run() {
  const astro = await import('astro');
  const outDir = values['out-dir'] ? path.resolve(values['out-dir']) : undefined;
  const cacheDir = values['cache-dir'] ? path.resolve(values['cache-dir']) : undefined;
  const dirs = { ...(outDir ? { outDir } : {}), ...(cacheDir ? { cacheDir } : {}) };
  if (command === 'build') {
    await astro.build({ configFile, ...dirs });
    return 0;
  }
  if (command === 'serve') return serve(astro, Number(values.port), dirs);
  if (command === 'check') {
    await astro.sync({ configFile });
    const { check } = await import('@astrojs/check');
    const failed = await check({ root: siteRoot, watch: false });
    return failed ? 1 : 0;
  }
  const server = await astro.dev({
    configFile,
    ...(cacheDir ? { cacheDir } : {}),
    server: {
      ...(values.host ? { host: values.host } : {}),
      ...(values.port ? { port: Number(values.port) } : {}),
    },
  });
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.stop();
  return 0;
}

/** Resolves once 127.0.0.1:`port` accepts connections (the adapter listens after its import). */
async function listening(port) {
  for (let tries = 0; tries < 300; tries++) {
    const open = await new Promise((resolve) => {
      const socket = connectSocket(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() ?? true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not listen on 127.0.0.1:${port}`);
}

/**
 * Builds the hybrid storefront (into `dirs.outDir`, else example-site/dist-on-demand) and serves it
 * on 127.0.0.1:`port` until SIGINT or SIGTERM.
 */
async function serve(astro, port, dirs) {
  await astro.build({ configFile, logLevel: 'warn', ...dirs });
  // The Node adapter's standalone server starts when its entry is imported, on HOST and PORT.
  Object.assign(process.env, { HOST: '127.0.0.1', PORT: String(port) });
  const entry = path.join(dirs.outDir ?? path.join(siteRoot, 'dist-on-demand'), 'server', 'entry.mjs');
  await import(pathToFileURL(entry).href);
  await listening(port);
  log(
    process.env.SITECONTENT_PURGE_TOKEN
      ? 'purge endpoint: POST /_sitecontent/purge'
      : 'purge endpoint off (set SITECONTENT_PURGE_TOKEN to turn it on)',
  );
  process.stdout.write(`Storefront on http://127.0.0.1:${port}\n`);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  return 0;
}

let emulator;
let code = 1;
try {
  emulator = await connect();
  code = await run();
} catch (error) {
  process.stderr.write(`[storefront] ${command} failed: ${error instanceof Error ? error.message : error}\n`);
} finally {
  summary(emulator);
  await emulator?.close();
  await photoServer?.close();
}
// Astro and Vite may keep handles open after a programmatic build; the exit code is all that matters.
process.exit(code);
