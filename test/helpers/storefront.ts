// Shared helpers of the end-to-end suites: build the example site in a child process, serve a built
// dist/ on 127.0.0.1, read pages, and launch Debian's Chromium through playwright-core.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from './process.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const siteRoot = path.join(repoRoot, 'example-site');
export const resultsDir = path.join(repoRoot, 'test-results');

/**
 * The build cache (data store) of the test run's storefront builds: in the run's temporary folder
 * (test/setup/test-run-temp.ts), never the node_modules/.astro a user's `npm run build` reuses.
 */
export const storefrontCacheDir = path.join(tmpdir(), 'storefront-astro-cache');

/** Where Astro keeps state between builds: the project's .astro/ and the build cache (data store). */
export const astroStateDirs = [path.join(siteRoot, '.astro'), storefrontCacheDir];

/**
 * Removes everything an earlier build of the run left that the next build could reuse. Not a user's
 * example-site/dist: the tests build into temporary folders (`--out-dir`).
 */
export async function cleanAstroState(): Promise<void> {
  for (const dir of astroStateDirs) await rm(dir, { recursive: true, force: true });
}

export interface BuildResult {
  code: number | null;
  /** stdout and stderr of the build, interleaved as received. */
  output: string;
  outDir: string;
  durationMs: number;
}

/**
 * Runs `node example-site/scripts/storefront.mjs build --out-dir <tmp> --cache-dir <run's cache>` as a child process with `env` on top of a
 * copy of this process's environment from which every SITECONTENT_* variable was removed. The output
 * goes to `outDir`, else to a new temporary folder; Astro's cache to `cacheDir`, else the run's.
 */
export async function buildSite(
  env: Record<string, string>,
  timeoutMs = 240_000,
  outDir?: string,
  cacheDir = storefrontCacheDir,
): Promise<BuildResult> {
  outDir ??= await mkdtemp(path.join(tmpdir(), 'storefront-dist-'));
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_')));
  const started = Date.now();
  const { code, output } = await runProcess(
    process.execPath,
    ['example-site/scripts/storefront.mjs', 'build', '--out-dir', outDir, '--cache-dir', cacheDir],
    { cwd: repoRoot, env: { ...base, ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeoutMs },
  );
  return { code, output, outDir, durationMs: Date.now() - started };
}

/**
 * The arguments of `storefront.mjs serve --port <port>` in a test: its build and cache in new
 * temporary folders, not example-site/dist-on-demand and node_modules/.astro-on-demand.
 */
export async function serveArgs(port: number): Promise<string[]> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'storefront-serve-'));
  // The server's chunks import the site's dependencies by name, looked up from the chunk's folder
  // upwards: the repository's node_modules, linked beside the build (removing the folder keeps it).
  await symlink(path.join(repoRoot, 'node_modules'), path.join(outDir, 'node_modules'), 'dir');
  return [
    'example-site/scripts/storefront.mjs',
    'serve',
    '--port',
    String(port),
    '--out-dir',
    path.join(outDir, 'dist'),
    '--cache-dir',
    path.join(outDir, 'cache'),
  ];
}

/** Every file under `dir` (relative paths with `/`). */
export async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * How the files under `second` differ from those under `first`: each path only one of them holds,
 * or whose bytes differ, with a note (`only in first`, `only in second`, `bytes differ`); empty when
 * the two folders are byte for byte the same.
 */
export async function differingFiles(first: string, second: string): Promise<string[]> {
  const [a, b] = await Promise.all([listFiles(first), listFiles(second)]);
  const inB = new Set(b);
  const differing = a.filter((file) => !inB.has(file)).map((file) => `${file} (only in first)`);
  const inA = new Set(a);
  differing.push(...b.filter((file) => !inA.has(file)).map((file) => `${file} (only in second)`));
  for (const file of a.filter((f) => inB.has(f))) {
    const [x, y] = await Promise.all([readFile(path.join(first, file)), readFile(path.join(second, file))]);
    if (!x.equals(y)) differing.push(`${file} (bytes differ)`);
  }
  return differing.sort();
}

/** Files under `dirs` whose bytes contain `needle`, and how often. */
export async function findInFiles(
  dirs: string[],
  needle: string,
): Promise<{ file: string; count: number }[]> {
  const hits: { file: string; count: number }[] = [];
  const needles = [needle, encodeURIComponent(needle)];
  for (const dir of dirs) {
    for (const rel of await listFiles(dir)) {
      const file = path.join(dir, rel);
      if ((await stat(file)).size > 200 * 1024 * 1024) continue;
      const text = (await readFile(file)).toString('latin1');
      const count = needles.reduce((n, s) => n + countOccurrences(text, s), 0);
      if (count > 0) hits.push({ file, count });
    }
  }
  return hits;
}

export function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

/** The URL path a built HTML file is served at (`catalog/phones/index.html` → `/catalog/phones`). */
export function pagePath(htmlFile: string): string {
  const trimmed = htmlFile.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${trimmed}`.replace(/\/+$/, '') || '/';
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  url: string;
  /** Paths requested that were not found (404). */
  misses: string[];
  close(): Promise<void>;
}

/** A tiny static server for a built dist/: `/a/b` → `a/b/index.html` or `a/b.html`; 404.html otherwise. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const misses: string[] = [];
  const resolveFile = async (urlPath: string): Promise<string | undefined> => {
    const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
    const base = path.join(root, clean);
    if (!base.startsWith(root)) return undefined;
    for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
      const info = await stat(candidate).catch(() => undefined);
      if (info?.isFile()) return candidate;
    }
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    void resolveFile(urlPath).then(async (file) => {
      const status = file ? 200 : 404;
      if (!file) misses.push(urlPath);
      const target = file ?? path.join(root, '404.html');
      const body = await readFile(target).catch(() => Buffer.from('not found'));
      res.writeHead(status, {
        'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
        'content-length': body.length,
        connection: 'close',
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    misses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- HTML reading (the pages are our own output: a few regular expressions are enough) ---

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function titleOf(html: string): string | undefined {
  const m = /<title>([\s\S]*?)<\/title>/i.exec(html);
  return m ? decode(m[1] ?? '').trim() : undefined;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m ? decode(m[1] ?? '') : undefined;
}

/** `content` of `<meta name|property="key">`. */
export function metaContent(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\s[^>]*>/gi) ?? []) {
    if (attr(tag, 'name') === key || attr(tag, 'property') === key) return attr(tag, 'content');
  }
  return undefined;
}

export function canonicalHref(html: string): string | undefined {
  for (const tag of html.match(/<link\s[^>]*>/gi) ?? []) {
    if (attr(tag, 'rel') === 'canonical') return attr(tag, 'href');
  }
  return undefined;
}

export function langOf(html: string): string | undefined {
  const m = /<html[^>]*\slang="([^"]*)"/i.exec(html);
  return m?.[1];
}

/** `<loc>` URLs of every sitemap file in `outDir` (sitemap-index.xml points at sitemap-N.xml). */
export async function sitemapUrls(outDir: string): Promise<string[]> {
  const files = (await listFiles(outDir)).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const urls: string[] = [];
  for (const f of files) {
    const xml = await readFile(path.join(outDir, f), 'utf8');
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) urls.push(decode(m[1] ?? ''));
  }
  return urls;
}

/** Each sitemap page's `<lastmod>` (`undefined` without one), by URL path without its trailing slash. */
export async function sitemapLastmods(outDir: string): Promise<Map<string, string | undefined>> {
  const files = (await listFiles(outDir)).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const lastmods = new Map<string, string | undefined>();
  for (const f of files) {
    const xml = await readFile(path.join(outDir, f), 'utf8');
    for (const url of xml.split('<url>').slice(1)) {
      const loc = decode(/<loc>([^<]*)<\/loc>/.exec(url)?.[1] ?? '');
      lastmods.set(trimSlash(new URL(loc).pathname), /<lastmod>([^<]*)<\/lastmod>/.exec(url)?.[1]);
    }
  }
  return lastmods;
}

// --- Browser ---

export { CHROMIUM, CHROMIUM_ARGS } from '../../bench/lib/chromium.mjs';

/** CI sets SITECONTENT_REQUIRE_BROWSER: a missing or failing browser then fails instead of skipping. */
export const browserRequired = () => Boolean(process.env.SITECONTENT_REQUIRE_BROWSER);

/** A URL path without its trailing slash (`/` stays). */
export const trimSlash = (p: string) => p.replace(/\/+$/, '') || '/';
