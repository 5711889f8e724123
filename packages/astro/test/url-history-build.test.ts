// The URL history in real builds of a small static site whose product pages are at their `data.url`:
// a product moved between builds redirects from its old URL (a redirect page the integration writes,
// the sync having found the move), the history file keeps both URLs, a build without the cache
// folder redirects from the file alone, and the move undone makes the old URL a page again with no
// redirect either way. Never through Astro's `redirects`, which Astro reads before the sync. A
// broken file fails the build.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture, fixtureWithEmulator } from './helpers/index.js';

const KEY = 'url-history-key-2b7d';

const FILES: Record<string, string> = {
  'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({
  cacheDir: './.cache',
  site: 'https://shop.example',
  integrations: [siteContent({ urlHistoryFile: 'urls.json', setSite: false, remoteImages: false })],
});
`,
  'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { productsLoader, sectionsLoader } from '@sitecontent/astro';
export const collections = {
  products: defineCollection({ loader: productsLoader() }),
  sections: defineCollection({ loader: sectionsLoader() }),
};
`,
  'src/pages/[...path].astro': `---
import { getCollection } from 'astro:content';
export async function getStaticPaths() {
  return (await getCollection('products')).map((product) => ({
    params: { path: product.data.url.replace(/^\\/|\\/$/g, '') },
    props: { product },
  }));
}
const { product } = Astro.props;
---
<h1>{product.data.zag}</h1>
`,
};

/** Where the page at `path` sends a visitor, when it is a redirect page; and whether Astro wrote it. */
const readRedirect = (html: string) => ({
  to: /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1],
  byAstro: html.includes('Redirecting from <code>'),
});

describe('the URL history across builds', () => {
  const site = fixtureWithEmulator(FILES, KEY);
  const PRODUCT = 1;

  it('a moved product: its old URL redirects, the file keeps both URLs, and serves a build without the cache', async () => {
    const { fx, emu } = site;
    const first = await buildFixture(fx);
    expect(first.error).toBeUndefined();
    const history = () => JSON.parse(fx.read('urls.json')) as { pages: Record<string, { urls: string[] }> };
    const before = history().pages[`products:${PRODUCT}`]!.urls;
    expect(before).toHaveLength(1);
    const oldUrl = before[0]!;
    expect(fx.read(`dist${oldUrl}index.html`)).toContain('<h1>');

    emu.exec(
      `UPDATE products SET catid = (SELECT id FROM sections WHERE tx = 'laptops') WHERE id = ${PRODUCT}`,
    );
    const second = await buildFixture(fx);
    expect(second.error).toBeUndefined();
    const urls = history().pages[`products:${PRODUCT}`]!.urls;
    expect(urls[0]).toBe(oldUrl);
    expect(urls[1]).toMatch(new RegExp(`/laptops/${PRODUCT}/$`));
    expect(readRedirect(fx.read(`dist${oldUrl}index.html`))).toEqual({ to: urls[1], byAstro: false });
    expect(readRedirect(fx.read(`dist${urls[1]}index.html`)).to).toBeUndefined();

    // A fresh runner: no cache folder, no output, only the committed file.
    for (const dir of ['.cache', '.astro', 'dist'])
      rmSync(join(fx.root, dir), { recursive: true, force: true });
    const fresh = await buildFixture(fx);
    expect(fresh.error).toBeUndefined();
    expect(readRedirect(fx.read(`dist${oldUrl}index.html`))).toEqual({ to: urls[1], byAstro: false });

    // An editor's undo: the product back in its first section is a page at its first URL again.
    const firstSection = oldUrl.split('/').at(-3);
    emu.exec(
      `UPDATE products SET catid = (SELECT id FROM sections WHERE tx = '${firstSection}') WHERE id = ${PRODUCT}`,
    );
    const undone = await buildFixture(fx);
    expect(undone.error).toBeUndefined();
    expect(history().pages[`products:${PRODUCT}`]!.urls).toEqual([oldUrl]);
    expect(fx.read(`dist${oldUrl}index.html`)).toContain('<h1>');
    expect(existsSync(join(fx.root, `dist${urls[1]}index.html`))).toBe(false);
  }, 120_000);

  it('a broken history file fails the build, naming the file and what is wrong', async () => {
    site.fx.write('urls.json', '{"version":1,"pages":{"products:1":{"urls":["catalog/1/"]}}}');
    const { error } = await buildFixture(site.fx);
    expect(error?.message).toContain('URL history urls.json: pages.products:1.urls.0: ');
  }, 60_000);
});
