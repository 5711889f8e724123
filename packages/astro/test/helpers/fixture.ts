/**
 * Real Astro fixture projects in fresh temporary folders. `node_modules` is a symlink to the
 * monorepo's, so `astro` and `@sitecontent/astro` (its `dist/`) resolve as in a user's project;
 * `cacheDir` points inside the fixture so the build's data store never lands in the shared
 * `node_modules/.astro`.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Fixture {
  root: string;
  /** Writes (or replaces) a file of the fixture (bytes for an image). */
  write(path: string, text: string | Uint8Array): void;
  read(path: string): string;
  /** All files under `dir` (relative to the fixture), recursively. */
  files(dir: string): string[];
  /** Text of every file under `dir`, concatenated (for "the key is absent" greps). */
  allText(dir: string): string;
  remove(): void;
}

/**
 * Waits out Astro's debounced data-store save (500 ms after the last change; a failed build leaves
 * one pending), so a fixture removed afterwards does not make it fail with ENOENT.
 */
export function settleAstroWrites(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1_000));
}

export function createFixture(files: Record<string, string | Uint8Array>): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'sitecontent-astro-'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  const fixture: Fixture = {
    root,
    write(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    },
    read: (path) => readFileSync(join(root, path), 'utf8'),
    files(dir) {
      const out: string[] = [];
      const walk = (rel: string) => {
        let names: string[];
        try {
          names = readdirSync(join(root, rel));
        } catch {
          return;
        }
        for (const name of names) {
          const p = join(rel, name);
          if (statSync(join(root, p)).isDirectory()) walk(p);
          else out.push(p);
        }
      };
      walk(dir);
      return out;
    },
    allText(dir) {
      return fixture
        .files(dir)
        .map((f) => readFileSync(join(root, f), 'utf8'))
        .join('\n');
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  fixture.write(
    'package.json',
    JSON.stringify({ name: 'sitecontent-fixture', type: 'module', private: true }),
  );
  for (const [path, text] of Object.entries(files)) fixture.write(path, text);
  return fixture;
}

/**
 * Captures what Astro prints while `fn` runs (its logger writes to stdout/stderr and the console).
 */
export async function captureOutput<T>(
  fn: () => Promise<T>,
): Promise<{ result?: T; error?: unknown; output: string }> {
  const chunks: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = (chunk: unknown) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    return true;
  };
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const text = (...args: unknown[]) => {
    chunks.push(`${args.map(String).join(' ')}\n`);
  };
  console.log = text;
  console.info = text;
  console.warn = text;
  console.error = text;
  try {
    const result = await fn();
    return { result, output: chunks.join('') };
  } catch (error) {
    return { error, output: chunks.join('') };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    Object.assign(console, saved);
  }
}

/** Environment variables a fixture build reads; Astro also copies what it reads from `.env` here. */
const BUILD_ENV = [
  'SITECONTENT_BASE_URL',
  'SITECONTENT_API_KEY',
  'SITECONTENT_SID',
  'SITECONTENT_WRITE',
  'FIXTURE_ON_ERROR',
  'FIXTURE_ON_INVALID',
  'FIXTURE_ON_AUTH_ERROR',
  'FIXTURE_RETRIES',
] as const;

export type FixtureBuildEnv = Partial<Record<(typeof BUILD_ENV)[number], string>>;

/**
 * `astro build` of the fixture in this process, with `env` set for this build only (and cleared
 * before and after, or one build would leak its `.env` into the next), its output without colours.
 */
export async function buildFixture(
  fx: Fixture,
  env: FixtureBuildEnv = {},
): Promise<{ error: Error | undefined; output: string }> {
  const clear = () => {
    for (const name of BUILD_ENV) delete process.env[name];
  };
  clear();
  Object.assign(process.env, env);
  // In the fixture's folder: Astro writes a static build's server bundle (`.astro/.prerender/`) under
  // the working directory when the output folder is outside it, so two builds in two test workers
  // both working in the repository would overwrite each other's chunks.
  const cwd = process.cwd();
  process.chdir(fx.root);
  try {
    const { build } = await import('astro');
    const run = await captureOutput(() => build({ root: fx.root, logLevel: 'info' }));
    return { error: run.error as Error | undefined, output: plain(run.output) };
  } finally {
    process.chdir(cwd);
    clear();
  }
}

/** Strips ANSI colours from Astro's log output. */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** The storefront-like fixture: every collection, product and article pages with SEO tags. */
export const STOREFRONT_FILES: Record<string, string> = {
  'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({
  cacheDir: './.cache',
  integrations: [
    siteContent({
      concurrency: 8,
      ...(process.env.FIXTURE_RETRIES ? { retries: Number(process.env.FIXTURE_RETRIES) } : {}),
    }),
  ],
});
`,
  'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { articlesLoader, domainsLoader, modificationsLoader, productsLoader, sectionsLoader } from '@sitecontent/astro';
const policy = {
  ...(process.env.FIXTURE_ON_ERROR ? { onError: process.env.FIXTURE_ON_ERROR as 'fail' } : {}),
  ...(process.env.FIXTURE_ON_INVALID ? { onInvalid: process.env.FIXTURE_ON_INVALID as 'skip' } : {}),
  ...(process.env.FIXTURE_ON_AUTH_ERROR ? { onAuthError: process.env.FIXTURE_ON_AUTH_ERROR as 'keep-stale' } : {}),
};
export const collections = {
  products: defineCollection({ loader: productsLoader({ seo: true, ...policy }) }),
  sections: defineCollection({ loader: sectionsLoader({ seo: true, ...policy }) }),
  articles: defineCollection({ loader: articlesLoader({ seo: true, ...policy }) }),
  modifications: defineCollection({ loader: modificationsLoader(policy) }),
  domains: defineCollection({ loader: domainsLoader(policy) }),
};
`,
  'src/components/Seo.astro': `---
import type { PageSeo } from '@sitecontent/astro';
interface Props { seo: PageSeo }
const { seo } = Astro.props;
---
<title>{seo.title}</title>
<meta name="description" content={seo.description} />
{seo.keywords && <meta name="keywords" content={seo.keywords} />}
<meta property="og:title" content={seo.ogTitle} />
<meta property="og:description" content={seo.ogDescription} />
{seo.ogImage && <meta property="og:image" content={seo.ogImage} />}
<link rel="canonical" href={seo.canonical} />
<meta name="x-seo-source" content={Object.entries(seo.source).map(([k, v]) => k + '=' + v).join(',')} />
`,
  'src/pages/index.astro': `---
import { getCollection } from 'astro:content';
import { buildSectionTree } from '@sitecontent/astro';
const products = await getCollection('products');
const sections = await getCollection('sections');
const modifications = await getCollection('modifications');
const domains = await getCollection('domains');
const tree = buildSectionTree(sections);
---
<html><head><title>Home</title></head><body>
<p id="counts">products={products.length} sections={sections.length} modifications={modifications.length} domains={domains.map((d) => d.id).sort().join('|')}</p>
<ul id="tree">{tree.map((n) => <li>{n.id}:{n.children.map((c) => c.id).join(',')}</li>)}</ul>
</body></html>
`,
  'src/pages/products/[id].astro': `---
import { getCollection, render } from 'astro:content';
import { breadcrumbsFor, imageUrls, pageSeo, seoAt } from '@sitecontent/astro';
import Seo from '../../components/Seo.astro';
export async function getStaticPaths() {
  const products = await getCollection('products');
  return products.map((entry) => ({ params: { id: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const sections = await getCollection('sections');
const { Content } = await render(entry);
const price: number = entry.data.sku[0]?.price ?? 0;
const title: string = entry.data.zag;
const crumbs = breadcrumbsFor(entry, sections);
const images = imageUrls(entry);
---
<html><head>{entry.data.seo && <Seo seo={seoAt(pageSeo(entry, { site: Astro.site! }), Astro.url)} />}</head><body>
<nav id="crumbs">{crumbs.map((c) => c.label).join(' / ')}</nav>
<h1>{title}</h1>
<p id="price">{price.toFixed(2)}</p>
<p id="section">{entry.data.section?.id}</p>
<p id="added">{entry.data.dt.toISOString()}</p>
{images[0] && <img id="photo" src={images[0].src} alt={images[0].alt} />}
<article id="body"><Content /></article>
</body></html>
`,
  'src/pages/articles/[id].astro': `---
import { getCollection, render } from 'astro:content';
import { pageSeo, seoAt } from '@sitecontent/astro';
import Seo from '../../components/Seo.astro';
export async function getStaticPaths() {
  const articles = await getCollection('articles');
  return articles.map((entry) => ({ params: { id: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
---
<html><head>{entry.data.seo && <Seo seo={seoAt(pageSeo(entry, { site: Astro.site! }), Astro.url)} />}</head><body>
<h1>{entry.data.zag}</h1><p id="section">{entry.data.section?.id}</p>
<article id="body"><Content /></article>
</body></html>
`,
};

/** Extra files for a dev-server fixture: live collections and an on-demand page. */
export const LIVE_FILES: Record<string, string> = {
  'src/live.config.ts': `import { defineLiveCollection } from 'astro:content';
import { liveArticlesLoader, liveProductsLoader, liveSectionsLoader } from '@sitecontent/astro';
export const collections = {
  liveProducts: defineLiveCollection({ loader: liveProductsLoader({ seo: true }) }),
  liveArticles: defineLiveCollection({ loader: liveArticlesLoader() }),
  liveSections: defineLiveCollection({ loader: liveSectionsLoader() }),
};
`,
  'src/pages/live/[id].astro': `---
export const prerender = false;
import { getLiveEntry } from 'astro:content';
import { pageSeo } from '@sitecontent/astro';
const { entry, error } = await getLiveEntry('liveProducts', Astro.params.id!);
---
<html><body>
{error ? <p id="error">{error.name}: {error.message}</p> : <h1 id="live-title">{entry?.data.zag}</h1>}
{entry?.data.seo && <p id="live-canonical">{pageSeo(entry, { site: Astro.site! }).canonical}</p>}
</body></html>
`,
};
