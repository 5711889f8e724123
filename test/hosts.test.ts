// On-demand product pages where Astro users deploy, from the packed tarballs in a fresh project: the
// live loaders guide's files as it writes them (`src/live.config.ts`, the product page and the
// section listing), built once per host with that host's deploy-guide config
// (docs/src/content/docs/deploy/), no option added for the runtime.
// - Cloudflare Workers: `astro build`, then `wrangler dev` (local workerd, no account). On workerd the
//   client has only `fetch`; the server bundle must carry no undici, no Node server modules, nothing
//   of the emulator or the build-time loaders.
// - Netlify and Vercel: the build served by the guide's own local script (scripts/serve-<host>.mjs,
//   as the guide writes it), which calls the function the way the platform does (a web Request).
// Each host: a product page 200 with its title, an unknown id 404, our freshness and tags in the CDN
// cache headers the adapter's cache provider writes, and every <loc> of the product sitemaps and
// every listing link answering 200: the guides make one site. And each guide's editors' preview: the
// link the project's own `sitecontent preview-link` prints for the catalog's hidden product answers
// the preview route's redirect, then that product's page. On the local scripts a purge through the
// packed CLI answers 200 (Netlify's skips the CDN purge, as `netlify dev` does). One packing and one install serve all
// three; the emulator runs from the project's own bin with a random key that no log may show.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Product, type Section } from '@sitecontent/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarballs } from '../tools/pack.mjs';
import { snippet } from './helpers/on-demand-site.js';
import {
  childEnv,
  type EmulatorBin,
  installedVersion,
  installTarballs,
  npx,
  run,
  startEmulatorBin,
  stopChild,
} from './helpers/packed-project.js';
import { freePort } from './helpers/varnish.js';

const key = `canary-${randomBytes(12).toString('hex')}`;
const previewSecret = `preview-${randomBytes(12).toString('hex')}`;
/** The local servers' purge token (`SITECONTENT_PURGE_TOKEN`), which no log may show either. */
const purgeToken = `purge-${randomBytes(12).toString('hex')}`;
const SID = 1;
/** What every host must say about a product page: our default freshness, as its CDN header. */
// With the stale-if-error a CDN keeps serving through an outage (onDemand.staleIfError, a day by default).
const FRESHNESS = 'max-age=300, stale-while-revalidate=60, stale-if-error=86400';

let work: string;
let project: string;
let emulator: EmulatorBin | undefined;
let product: Product;
let visible: Product[];
/** A product the demo catalog hides (`shw` 0): a visitor gets 404, an editor's link its page. */
let hidden: Product;
let sections: Section[];
let connection: Record<string, string>;

/** `astro build` of the project with `host`'s deploy-guide config. */
async function buildFor(host: string) {
  await writeFile(
    path.join(project, 'astro.config.mjs'),
    snippet(`snippets/deploy/${host}.astro.config.mjs`),
  );
  const astro = path.join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const build = await run(process.execPath, [astro, 'build'], project, connection);
  if (build.code !== 0) throw new Error(`astro build for ${host} failed:\n${build.output.slice(-4000)}`);
  return build;
}

/** A child process that serves HTTP, started detached (its own process group) until `url` is printed. */
function serve(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(command, args, {
    cwd: project,
    env: { ...childEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${ready} within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = ready.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, url, output: () => output });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before serving:\n${output}`)));
  });
}

const view = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: await response.text() };
};

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** `url` (the site's public URL, https://shop.example/…) on the local server at `base`. */
const local = (base: string, url: string) => {
  const { pathname, search } = new URL(url, 'https://shop.example');
  return `${base}${pathname}${search}`;
};

/**
 * Every product page the product sitemaps list and every link of every section's listing, followed
 * on the site at `base`: each answers 200, a product page names its sitemap URL as its canonical,
 * and the listings link to pages the sitemaps list.
 */
async function followSitemapsAndListings(base: string) {
  const index = await view(`${base}/sitemap-products.xml`);
  expect(index.status, index.body).toBe(200);
  const pages: string[] = [];
  for (const file of locs(index.body)) {
    const sitemap = await view(local(base, file));
    expect(sitemap.status, file).toBe(200);
    pages.push(...locs(sitemap.body));
  }
  // Every visible product, once (the demo catalog puts none in two sections).
  expect(pages).toHaveLength(visible.length);
  expect(new Set(pages).size).toBe(pages.length);
  for (const url of pages) {
    const page = await view(local(base, url));
    expect(page.status, url).toBe(200);
    expect(page.body, url).toContain(`<link rel="canonical" href="${url}"`);
  }
  const listed = new Set<string>();
  for (const section of sections) {
    const listing = await view(`${base}/sections/${section.tx}`);
    expect(listing.status, section.tx).toBe(200);
    for (const [, href] of listing.body.matchAll(/<a href="([^"]+)"/g)) listed.add(href!);
  }
  expect(listed.size).toBe(visible.length);
  const sitemapPaths = new Set(pages.map((url) => new URL(url).pathname));
  for (const href of listed) {
    expect(sitemapPaths.has(new URL(href, 'https://shop.example').pathname), href).toBe(true);
    expect((await view(local(base, href))).status, href).toBe(200);
  }
}

/**
 * The guides' editors' preview, followed on the site at `base`: the link the project's own
 * `sitecontent preview-link` prints for the hidden product answers the preview route's 307 (private,
 * no-store) to the product page, the token carried along, and that page 200 with the product; a
 * tampered link a private 404; a visitor the product page's 404.
 */
async function followPreviewLink(base: string) {
  const cli = path.join(project, 'node_modules', '.bin', 'sitecontent');
  const printed = await run(
    process.execPath,
    [cli, 'preview-link', 'product', String(hidden.id), '--site', base],
    project,
    { ...connection, SITECONTENT_PREVIEW_SECRET: previewSecret },
  );
  expect(printed.code, printed.output).toBe(0);
  const link = new URL(printed.stdout.trim());
  expect(link.pathname).toBe(`/_sitecontent/preview/product/${hidden.id}`);
  const token = link.searchParams.get('preview')!;
  const redirect = await fetch(link, { redirect: 'manual' });
  expect(redirect.status).toBe(307);
  expect(redirect.headers.get('cache-control')).toBe('private, no-store');
  expect(redirect.headers.get('location')).toBe(`/shop/${hidden.id}/?preview=${token}`);
  const page = await fetch(link);
  const body = await page.text();
  expect(page.status, body).toBe(200);
  expect(body).toContain(`<h1>${hidden.zag}</h1>`);
  expect(page.headers.get('cache-control')).toBe('private, no-store');
  expect(page.headers.get('x-robots-tag')).toBe('noindex');
  const [expiry, signature] = token.split('.');
  link.searchParams.set('preview', `${Number(expiry) + 1}.${signature}`);
  const tampered = await fetch(link, { redirect: 'manual' });
  expect(tampered.status).toBe(404);
  expect(tampered.headers.get('cache-control')).toBe('private, no-store');
  expect((await view(`${base}/shop/${hidden.id}`)).status).toBe(404);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sitecontent-hosts-'));
  project = path.join(work, 'project');
  const tarballs = packTarballs(path.join(work, 'packs'));
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'sitecontent-hosts', private: true, type: 'module' }),
    // The live loaders guide's files, as written.
    'src/live.config.ts': snippet('src/live.config.ts'),
    'src/pages/shop/[id].astro': snippet('src/pages/shop/[id].astro'),
    'src/pages/sections/[tx].astro': snippet('src/pages/sections/[tx].astro'),
    // The Netlify and Vercel guides' local servers, as written.
    'scripts/serve-netlify.mjs': snippet('scripts/serve-netlify.mjs'),
    'scripts/serve-vercel.mjs': snippet('scripts/serve-vercel.mjs'),
    // A prerendered page: a file the platform (and the local scripts) serve without the function.
    'src/pages/index.astro': '<h1>Home</h1>\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), text);
  }
  await installTarballs(
    project,
    tarballs,
    ['astro', '@astrojs/cloudflare', '@astrojs/netlify', '@astrojs/vercel', 'wrangler'].map(
      (name) => `${name}@${installedVersion(name)}`,
    ),
  );
  emulator = await startEmulatorBin(project, { key, sid: SID });
  connection = { SITECONTENT_BASE_URL: emulator.url, SITECONTENT_API_KEY: key, SITECONTENT_SID: String(SID) };
  const client = createClient({ baseUrl: emulator.url, apiKey: key, sid: SID });
  try {
    const all = await client.products.list();
    visible = all.filter((p) => p.shw);
    if (!visible[0]) throw new Error('the demo catalog has no visible product');
    product = visible[0];
    const unshown = all.find((p) => !p.shw);
    if (!unshown) throw new Error('the demo catalog has no hidden product');
    hidden = unshown;
    sections = await client.sections.list();
  } finally {
    await client.close();
  }
}, 400_000);

afterAll(async () => {
  await stopChild(emulator?.child);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('Cloudflare Workers (wrangler dev: local workerd)', () => {
  let wrangler: Awaited<ReturnType<typeof serve>> | undefined;

  beforeAll(async () => {
    await buildFor('cloudflare');
    const port = await freePort();
    const bin = path.join(project, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
    const vars = Object.entries({ ...connection, SITECONTENT_PREVIEW_SECRET: previewSecret }).flatMap(
      ([name, value]) => ['--var', `${name}:${value}`],
    );
    wrangler = await serve(
      process.execPath,
      [bin, 'dev', '--ip', '127.0.0.1', '--port', String(port), ...vars],
      { WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      /Ready on (http:\/\/127\.0\.0\.1:\d+)/,
    );
  }, 240_000);

  afterAll(() => stopChild(wrangler?.child, true));

  it('serves a product page with its title, and a 404 for an id the service does not have', async () => {
    const page = await view(`${wrangler!.url}/shop/${product.id}`);
    expect(page.status, `${page.body}\n${wrangler!.output().slice(-3000)}`).toBe(200);
    expect(page.body).toContain(`<h1>${product.zag}</h1>`);
    expect((await view(`${wrangler!.url}/shop/987654`)).status).toBe(404);
  });

  it('answers 200 at every <loc> of the product sitemaps and every listing link', async () => {
    await followSitemapsAndListings(wrangler!.url);
  }, 120_000);

  it("follows the guide's preview link: the preview route's redirect, then the hidden product's page", async () => {
    await followPreviewLink(wrangler!.url);
    expect(wrangler!.output()).not.toContain(previewSecret);
  });

  it("carries our freshness and tags in Cloudflare's cache headers", async () => {
    const page = await view(`${wrangler!.url}/shop/${product.id}`);
    expect(page.headers.get('cloudflare-cdn-cache-control')).toBe(`public, ${FRESHNESS}`);
    expect(page.headers.get('cache-tag')?.split(',')).toEqual(
      expect.arrayContaining(['sitecontent', 'sitecontent:products', `sitecontent:products:${product.id}`]),
    );
    expect(wrangler!.output()).not.toContain(key);
  });

  it('bundles only what a request needs: no undici, no Node server modules, no emulator, no build-time code', () => {
    const server = path.join(project, 'dist', 'server');
    const modules = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.mjs'),
    );
    const code = modules.map((f) => readFileSync(path.join(server, f), 'utf8')).join('\n');
    for (const forbidden of ['node:sqlite', 'node:http"', 'node:fs"', 'node:worker_threads', 'llhttp']) {
      expect(code, forbidden).not.toContain(forbidden);
    }
    const sources = modules
      .filter((f) => f.endsWith('.mjs'))
      .flatMap((f) => {
        try {
          return (JSON.parse(readFileSync(path.join(server, `${f}.map`), 'utf8')).sources ?? []) as string[];
        } catch {
          return [];
        }
      });
    const ours = sources.filter((s) => s.includes('@sitecontent/'));
    expect(ours.length).toBeGreaterThan(20);
    // The client's CLI, undici transport and meta write-back; the astro package's build-time code
    // (integration, loaders, sync, SEO check, sitemap facts): none is asked for by a request (an
    // article's meta module rule is).
    const buildTime = ours.filter((s) =>
      /@sitecontent\/(emulator|client\/dist\/(cli\/|http\/undici-transport|http\/whole-response|meta-sync\/(?!article-module))|astro\/dist\/build-time\/)/.test(
        s,
      ),
    );
    expect(buildTime).toEqual([]);
    expect(sources.filter((s) => /node_modules\/undici\//.test(s))).toEqual([]);
  });
});

describe.each([
  {
    host: 'netlify',
    cdn: 'netlify-cdn-cache-control',
    freshness: `public, durable, ${FRESHNESS}`,
    tags: 'netlify-cache-tag',
    /** Netlify's Functions 2.0 module, as the build wrote it. */
    entry: () => path.join(project, '.netlify', 'v1', 'functions', 'ssr', 'ssr.mjs'),
  },
  {
    host: 'vercel',
    cdn: 'vercel-cdn-cache-control',
    freshness: `public, ${FRESHNESS}`,
    tags: 'vercel-cache-tag',
    /** The handler `.vc-config.json` names, inside the function's folder. */
    entry: () => {
      const func = path.join(project, '.vercel', 'output', 'functions', '_render.func');
      const config = JSON.parse(readFileSync(path.join(func, '.vc-config.json'), 'utf8'));
      expect(config.launcherType).toBe('Nodejs');
      return path.join(func, config.handler);
    },
  },
])("$host (the build, served by the guide's local script)", ({ host, cdn, freshness, tags, entry }) => {
  let fn: Awaited<ReturnType<typeof serve>> | undefined;

  beforeAll(async () => {
    await buildFor(host);
    expect(existsSync(entry())).toBe(true);
    // As the guide runs it: `node scripts/serve-<host>.mjs` in the project, the settings in its environment.
    fn = await serve(
      process.execPath,
      [`scripts/serve-${host}.mjs`],
      {
        ...connection,
        SITECONTENT_PREVIEW_SECRET: previewSecret,
        SITECONTENT_PURGE_TOKEN: purgeToken,
        PORT: '0',
      },
      /Serving the build on (http:\S+)/,
    );
  }, 240_000);

  afterAll(() => stopChild(fn?.child, true));

  it('serves a product page with its title, and a 404 for an id the service does not have', async () => {
    const page = await view(`${fn!.url}/shop/${product.id}`);
    expect(page.status, `${page.body}\n${fn!.output().slice(-3000)}`).toBe(200);
    expect(page.body).toContain(`<h1>${product.zag}</h1>`);
    expect((await view(`${fn!.url}/shop/987654`)).status).toBe(404);
  });

  it('serves the prerendered files beside the function', async () => {
    const home = await view(`${fn!.url}/`);
    expect(home.status).toBe(200);
    expect(home.body).toContain('<h1>Home</h1>');
  });

  it('answers 200 at every <loc> of the product sitemaps and every listing link', async () => {
    await followSitemapsAndListings(fn!.url);
  }, 120_000);

  it("follows the guide's preview link: the preview route's redirect, then the hidden product's page", async () => {
    await followPreviewLink(fn!.url);
    expect(fn!.output()).not.toContain(previewSecret);
  });

  it("carries our freshness and tags in the platform's CDN cache headers", async () => {
    const page = await view(`${fn!.url}/shop/${product.id}`);
    expect(page.headers.get(cdn)).toBe(freshness);
    expect(page.headers.get(tags)?.split(',')).toEqual(
      expect.arrayContaining(['sitecontent', 'sitecontent:products', `sitecontent:products:${product.id}`]),
    );
    expect(fn!.output()).not.toContain(key);
  });

  it('answers a purge with 200: the live loaders forget the entry, and the local server tries no CDN purge', async () => {
    const purge = await npx(
      ['--no', '--', 'sitecontent', 'purge', '--site', fn!.url, '--products', String(product.id)],
      project,
      { SITECONTENT_PURGE_TOKEN: purgeToken },
    );
    expect(purge.code, `${purge.output}\n${fn!.output().slice(-3000)}`).toBe(0);
    const tag = `sitecontent:products:${product.id}`;
    expect(fn!.output()).toMatch(new RegExp(`purged [^\\n]*${tag}`));
    if (host === 'netlify') {
      // The guide's script sets NETLIFY_LOCAL, as `netlify dev` does: purgeCache() skips, and says so.
      expect(fn!.output()).toMatch(new RegExp(`Skipping purgeCache for tags [^\\n]*${tag}`));
      expect(fn!.output()).not.toContain('site ID was not found');
    }
    for (const log of [purge.output, fn!.output()]) expect(log).not.toContain(purgeToken);
  }, 60_000);

  it('a cold start without the connection settings says so in the log, before any request', async () => {
    const bare = await serve(
      process.execPath,
      [`scripts/serve-${host}.mjs`],
      { SITECONTENT_BASE_URL: '', SITECONTENT_API_KEY: '', SITECONTENT_SID: '', PORT: '0' },
      /Serving the build on (http:\S+)/,
    );
    try {
      expect(bare.output()).toContain(
        'on-demand pages will answer 500 until the connection is set: ' +
          'SITECONTENT_BASE_URL, SITECONTENT_API_KEY, SITECONTENT_SID not set',
      );
    } finally {
      await stopChild(bare.child, true);
    }
  });
});
