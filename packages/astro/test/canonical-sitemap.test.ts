/**
 * Real builds with @astrojs/sitemap: with `trailingSlash: 'always'`, `'never'`, and `'ignore'` with
 * the `'file'` build format, every page's canonical URL is exactly a `<loc>` of the sitemap and names a page that was built, both for pages
 * at their entry's `url` and for the README's `products/[id]` route through `seoAt`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture, fixtureWithEmulator } from './helpers/index.js';

const KEY = 'canary-key-canonical-3d9e1f7a';

const config = (trailingSlash: string, format: string) => `import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({
  site: 'https://shop.example',
  trailingSlash: '${trailingSlash}',
  build: { format: '${format}' },
  cacheDir: './.cache',
  integrations: [siteContent({ concurrency: 8 }), sitemap()],
});
`;

const FILES: Record<string, string> = {
  'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { productsLoader, sectionsLoader } from '@sitecontent/astro';
export const collections = {
  products: defineCollection({ loader: productsLoader({ seo: true }) }),
  sections: defineCollection({ loader: sectionsLoader({ seo: true }) }),
};
`,
  // Every entry at its own url.
  'src/pages/[...path].astro': `---
import { getCollection } from 'astro:content';
import { pageSeo } from '@sitecontent/astro';
export async function getStaticPaths() {
  const entries = [...(await getCollection('products')), ...(await getCollection('sections'))];
  return entries.map((entry) => ({ params: { path: entry.data.url.replace(/^\\/+|\\/+$/g, '') }, props: { entry } }));
}
const { entry } = Astro.props;
---
<html><head><link rel="canonical" href={pageSeo(entry, { site: Astro.site! }).canonical} /></head><body>{entry.data.zag}</body></html>
`,
  // The README's route, which is not the entry's url: the page's own URL is its canonical.
  'src/pages/products/[id].astro': `---
import { getCollection } from 'astro:content';
import { pageSeo, seoAt } from '@sitecontent/astro';
export async function getStaticPaths() {
  return (await getCollection('products')).map((entry) => ({ params: { id: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const seo = seoAt(pageSeo(entry, { site: Astro.site! }), Astro.url);
---
<html><head><link rel="canonical" href={seo.canonical} /></head><body>{entry.data.zag}</body></html>
`,
};

describe('canonical URLs and the sitemap in real builds', () => {
  const site = fixtureWithEmulator(FILES, KEY);

  for (const [trailingSlash, format, slash] of [
    ['always', 'directory', '/'],
    ['never', 'directory', ''],
    ['ignore', 'file', ''],
  ] as const) {
    it(`trailingSlash '${trailingSlash}', format '${format}': every canonical is a sitemap <loc> and a built page`, async () => {
      site.fx.write('astro.config.mjs', config(trailingSlash, format));
      const { error, output } = await buildFixture(site.fx);
      expect(error?.message, output).toBeUndefined();
      const sitemap = site.fx.read('dist/sitemap-0.xml');
      const locs = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
      const pages = site.fx.files('dist').filter((f) => f.endsWith('.html'));
      expect(pages.length).toBeGreaterThan(60); // products twice, and sections
      for (const page of pages) {
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(site.fx.read(page))?.[1] ?? '';
        expect(locs.has(canonical), `${page}: ${canonical}`).toBe(true);
        expect(canonical.endsWith('/'), canonical).toBe(slash === '/');
        const path = new URL(canonical).pathname.replace(/\/$/, '');
        const file = format === 'file' ? `${path}.html` : join(path, 'index.html');
        expect(existsSync(join(site.fx.root, 'dist', file)), canonical).toBe(true);
      }
      expect(locs.has(`https://shop.example/catalog/phones/1${slash}`)).toBe(true);
      expect(locs.has(`https://shop.example/products/1${slash}`)).toBe(true);
    }, 120_000);
  }
});
