// The on-demand benchmark's Astro site: product pages only, rendered on demand by @astrojs/node
// from the live products loader (with `seo`, so one meta/Get a page), behind Varnish through
// surrogateKeyCache(). `/pictured/<id>` is the same page with its photos, share image and search
// images (pageImages' onRequest mode), read from BENCH_IMAGE_HOST when a browser asks
// (bench/on-demand-images.mjs). Written into a temporary folder whose node_modules is the repository's.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulatorProcess } from './emulator-process.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const FILES = {
  'package.json': JSON.stringify({ name: 'bench-on-demand', type: 'module', private: true }),
  'astro.config.mjs': `import node from '@astrojs/node';
import { siteContent, surrogateKeyCache } from '@sitecontent/astro';
import { defineConfig } from 'astro/config';
export default defineConfig({
  site: 'https://shop.example',
  cacheDir: './.cache',
  adapter: node({ mode: 'standalone' }),
  cache: { provider: surrogateKeyCache({ purge: { url: process.env.BENCH_VARNISH_URL } }) },
  integrations: [siteContent({ remoteImages: false })],
  image: { remotePatterns: [{ protocol: 'http', hostname: '127.0.0.1' }] },
});
`,
  'src/lib/photos.ts': `import { getImage, inferRemoteSize } from 'astro:assets';
import { pageImages } from '@sitecontent/astro';
import share from '../assets/share.png';
export const photos = pageImages({ getImage, inferRemoteSize, defaultShareImage: share, site: 'https://shop.example', readFrom: process.env.BENCH_IMAGE_HOST, onRequest: true });
`,
  'src/pages/pictured/[id].astro': `---
export const prerender = false;
import { getLiveEntry } from 'astro:content';
import { imageUrls, liveErrorResponse } from '@sitecontent/astro';
import { photos } from '../../lib/photos';
const { entry, error } = await getLiveEntry('liveProducts', Astro.params.id!);
if (!entry) return liveErrorResponse(Astro, error);
Astro.cache.set(entry);
const owner = { collection: 'products', id: entry.id, field: 'img' };
const urls = imageUrls(entry, { origin: '' });
const shown = await Promise.all(urls.map((u) => photos.shown(u.src, owner, 800, [400, 800])));
const share = await photos.share(urls[0]?.big, owner, entry.data.zag);
const search = await photos.search(urls.map((u) => u.big), owner);
---
<html><head><title>{entry.data.seo.title}</title><link rel="canonical" href={entry.data.seo.canonical} />
<meta property="og:image" content={new URL(share.src, Astro.site).href} /><meta property="og:image:width" content={String(share.width)} /><meta property="og:image:height" content={String(share.height)} />
<script type="application/ld+json" set:html={JSON.stringify({ '@type': 'Product', name: entry.data.zag, image: search })} /></head>
<body><h1>{entry.data.zag}</h1>{shown.map((p) => <img src={p.src} srcset={p.srcset} width={p.width} height={p.height} alt="" />)}<Fragment set:html={entry.rendered?.html} /></body></html>
`,
  'src/live.config.ts': `import { defineLiveCollection } from 'astro:content';
import { liveProductsLoader } from '@sitecontent/astro';
export const collections = { liveProducts: defineLiveCollection({ loader: liveProductsLoader({ seo: true }) }) };
`,
  // The product feed, served as an on-demand catalog serves it (bench/feed.mjs).
  'src/pages/product-feed.xml.ts': `import { productFeedHandler } from '@sitecontent/astro/on-demand';
import { structuredData } from '@sitecontent/astro';
import { collections } from '../live.config';
export const prerender = false;
export const GET = productFeedHandler({
  builders: (site) => structuredData({ site, currency: 'USD', shipping: { countries: ['US'], rates: [{ rate: 4.95 }, { fromOrderValue: 50, rate: 0 }], handlingDays: { min: 0, max: 1 }, transitDays: { min: 1, max: 3 } } }),
  collections,
});
`,
  'src/pages/p/[id].astro': `---
export const prerender = false;
import { getLiveEntry } from 'astro:content';
import { liveErrorResponse } from '@sitecontent/astro';
const { entry, error } = await getLiveEntry('liveProducts', Astro.params.id!);
if (!entry) return liveErrorResponse(Astro, error);
Astro.cache.set(entry);
---
<html><head><title>{entry.data.seo.title}</title><link rel="canonical" href={entry.data.seo.canonical} /></head>
<body><h1>{entry.data.zag}</h1><p>{entry.data.vendor}</p><Fragment set:html={entry.rendered?.html} /></body></html>
`,
};

/** @param {string} command @param {string[]} args @param {{ cwd: string, env: NodeJS.ProcessEnv }} options */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`exit ${code}:\n${output}`)),
    );
  });
}

/**
 * Writes and builds the site; returns its folder and a remover.
 * @param {string} varnishUrl where its pages are purged
 */
export async function buildOnDemandSite(varnishUrl) {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-on-demand-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  // The site's default share image, a 1200 × 630 PNG.
  mkdirSync(path.join(root, 'src/assets'), { recursive: true });
  copyFileSync(
    path.join(repoRoot, 'example-site/src/assets/share-default.png'),
    path.join(root, 'src/assets/share.png'),
  );
  const astro = path.join(repoRoot, 'node_modules/astro/bin/astro.mjs');
  const env = { ...process.env, BENCH_VARNISH_URL: varnishUrl, ASTRO_TELEMETRY_DISABLED: '1' };
  await run(process.execPath, [astro, 'build', '--root', root], { cwd: root, env });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Starts the built server (@astrojs/node standalone) on 127.0.0.1 and a free port.
 * @param {string} root @param {Record<string, string>} env
 * @returns {Promise<{ url: string, port: number, pid: number, peakRssBytes(): number, output(): string, close(): Promise<void> }>}
 */
export async function serveOnDemandSite(root, env) {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/entry.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise((resolve, reject) => {
    const read = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      const found = /Server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (found) resolve(Number(found));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    // The kernel's high-water mark of the process's resident memory.
    peakRssBytes: () => peakRss(child.pid ?? 0),
    output: () => output,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** @param {number} pid */
function peakRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Kernel figures of a process: resident now and its high-water mark. @param {number} pid */
export function processRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (/** @type {string} */ field) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * The served benchmarks' set-up (bench/sitemaps.mjs, bench/feed.mjs): the emulator seeded with
 * `catalog` in its own process, the bench site built (its purge URL, port 9, is never asked) and
 * served with the emulator's connection and `env`. `close()` stops and removes all three.
 * @param {ReturnType<typeof import('./emulator-process.mjs').servedCatalogFor>} catalog
 * @param {(msg: string) => void} log
 * @param {Record<string, string>} [env]
 */
export async function seededOnDemandSite(catalog, log, env = {}) {
  log(`seeding the emulator with ${catalog.products.toLocaleString('en')} products…`);
  const emu = await startEmulatorProcess(catalog);
  log(`seeded in ${(emu.seedMs / 1000).toFixed(1)} s`);
  const site = await buildOnDemandSite('http://127.0.0.1:9/');
  const server = await serveOnDemandSite(site.root, {
    SITECONTENT_BASE_URL: emu.url,
    SITECONTENT_API_KEY: emu.key,
    SITECONTENT_SID: String(emu.sid),
    ...env,
  });
  const close = async () => {
    await server.close();
    site.remove();
    await emu.close();
  };
  return { emu, server, close };
}
