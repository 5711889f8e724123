// The install guide's site and the merchant guide's static feed, built as the guides write them
// against the emulator: the emulator's config and .env of "Install and configure" (PHOTO_ORIGIN: the
// emulator serves its demo photos), its photos module and product page, and the feed endpoint of
// "Merchant listings". Every page is a whole HTML document; no page or feed names an SVG image
// (search engines, social networks and merchant listings read none); every URL a page or the feed
// gives on the site is a file of the build. Only the cache folder is added to the config, so the
// build keeps its data store and image cache out of the repository's node_modules.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFixtureCacheDir } from '../helpers/on-demand-site.js';
import { type ProcessResult, runProcess } from '../helpers/process.js';
import { listFiles, repoRoot } from '../helpers/storefront.js';
import { snippet } from './snippets.js';

/** The guide's files: where each documented snippet goes in the project. */
const GUIDE_FILES = {
  'astro.config.mjs': 'snippets/install/emulator.astro.config.mjs',
  'src/content.config.ts': 'src/content.config.ts',
  'src/lib/photos.ts': 'src/lib/photos.ts',
  'src/pages/[...path].astro': 'src/pages/[...path].astro',
  'src/pages/product-feed.xml.ts': 'src/pages/product-feed.xml.ts',
};

/** The URLs a page gives: links, images and their variants, and the images and URL it shares. */
function pageUrls(html: string): string[] {
  const urls: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if ((name === 'a' || name === 'link') && attrs.href) urls.push(attrs.href);
      if ((name === 'img' || name === 'script' || name === 'source') && attrs.src) urls.push(attrs.src);
      if (attrs.srcset)
        urls.push(...attrs.srcset.split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''));
      const property = attrs.property ?? attrs.name ?? '';
      if (name === 'meta' && /^(og:image|og:url|twitter:image)$/.test(property) && attrs.content)
        urls.push(attrs.content);
    },
  });
  parser.end(html);
  return urls;
}

/** The file of `dist` a URL path names (a folder's index.html), else undefined. */
function fileAt(dist: string, pathname: string): string | undefined {
  const base = path.join(dist, decodeURIComponent(pathname));
  if (!base.startsWith(dist)) return undefined;
  return [base, path.join(base, 'index.html')].find((f) => existsSync(f) && statSync(f).isFile());
}

describe("the install guide's site and the merchant guide's feed, built as written", () => {
  let emu: Emulator;
  let root: string;
  let dist: string;
  let build: ProcessResult;
  let site: string;
  let pages: Map<string, string>;

  beforeAll(async () => {
    emu = await startEmulator({ seed: 'demo' });
    root = mkdtempSync(path.join(tmpdir(), 'sitecontent-guide-site-'));
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'guide-site', type: 'module', private: true }),
      // The guide's .env against the emulator; PHOTO_ORIGIN is the emulator's address, as there.
      '.env': `SITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_SID=${emu.sid}\nSITECONTENT_API_KEY=${emu.key}\nPHOTO_ORIGIN=${emu.url}\n`,
    };
    for (const [file, name] of Object.entries(GUIDE_FILES)) files[file] = snippet(name);
    files['astro.config.mjs'] = withFixtureCacheDir(files['astro.config.mjs']!);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    // The share image the guide asks for: any PNG.
    mkdirSync(path.join(root, 'src/assets'));
    copyFileSync(
      path.join(repoRoot, 'example-site/src/assets/share-default.png'),
      path.join(root, 'src/assets/share-default.png'),
    );
    build = await runProcess(
      process.execPath,
      [path.join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build'],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ASTRO_TELEMETRY_DISABLED: '1' },
        timeoutMs: 240_000,
      },
    );
    dist = path.join(root, 'dist');
    site = /site set to (https:\/\/\S+)/.exec(build.output)?.[1] ?? '';
    pages = new Map();
    if (build.code === 0) {
      for (const file of (await listFiles(dist)).filter((f) => f.endsWith('.html')))
        pages.set(file, readFileSync(path.join(dist, file), 'utf8'));
    }
  }, 300_000);

  afterAll(async () => {
    await emu?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('builds a page per visible product, every photo read from the emulator (none falls back)', async () => {
    expect(build.code, build.output.slice(-4000)).toBe(0);
    expect(site).toMatch(/^https:\/\//);
    const visible = emu.db.prepare('SELECT COUNT(*) AS n FROM products WHERE shw = 1').get() as { n: number };
    expect(pages.size).toBe(visible.n);
    expect(build.output).not.toContain('falls back');
  });

  it('makes each page a whole HTML document: <html>, <head> and <body>', () => {
    expect(pages.size).toBeGreaterThan(0);
    for (const [file, html] of pages) {
      expect(html, file).toMatch(
        /^<!DOCTYPE html><html lang="en"><head>[\s\S]*<\/head><body>[\s\S]*<\/body><\/html>\s*$/,
      );
    }
  });

  it('names no SVG image: photos are WebP, the share image and the feed JPEG', () => {
    const feed = readFileSync(path.join(dist, 'product-feed.xml'), 'utf8');
    for (const [file, text] of [...pages, ['product-feed.xml', feed] as const]) {
      expect(text, file).not.toMatch(/\.svg\b/i);
    }
    for (const [file, html] of pages) {
      const images = pageUrls(html).filter((url) => /\/_astro\//.test(url));
      expect(images.filter((url) => /\.webp$/.test(url)).length, file).toBeGreaterThan(0);
      expect(html, file).toMatch(/<meta property="og:image" content="[^"]+\.jpe?g"/);
    }
    const feedImages = [...feed.matchAll(/<g:(?:additional_)?image_link>([^<]+)</g)].map((m) => m[1]!);
    expect(feedImages.length).toBeGreaterThan(0);
    expect(feedImages.filter((url) => !/\.jpe?g$/.test(url))).toEqual([]);
  });

  it('gives only URLs on the site that are files of the build: no 404 link, image or share image', () => {
    const feed = readFileSync(path.join(dist, 'product-feed.xml'), 'utf8');
    const feedUrls = [...feed.matchAll(/<g:(?:link|image_link|additional_image_link)>([^<]+)</g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    );
    const given = [
      ...[...pages].flatMap(([file, html]) => pageUrls(html).map((url) => ({ from: file, url }))),
      ...feedUrls.map((url) => ({ from: 'product-feed.xml', url })),
    ];
    const onSite = given
      .map(({ from, url }) => ({ from, url: new URL(url, `${site}/${from}`) }))
      .filter(({ url }) => url.origin === site);
    // Each page links its canonical, shows a photo and shares one; the feed links its pages and photos.
    expect(onSite.length).toBeGreaterThan(pages.size * 3);
    const missing = onSite
      .filter(({ url }) => fileAt(dist, url.pathname) === undefined)
      .map(({ from, url }) => `${from}: ${url.href}`);
    expect(missing).toEqual([]);
  });
});
