// The on-demand suite's site: the README's on-demand config and page, and two copies of the page that
// tell apart what one page cannot show: a meta push's purge, and a page going stale. And the
// On-demand guide's page with photos, which reads them from the test's image host
// (FIXTURE_IMAGE_HOST, on 127.0.0.1, allowed for Astro's /_image route).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { snippet, withFixtureCacheDir } from './on-demand-site.js';
import { repoRoot } from './storefront.js';

/** The image host's origin, set in the server's environment by the suite (test/on-demand-images.ts). */
export const IMAGE_HOST_ENV = 'FIXTURE_IMAGE_HOST';

/** The fixture's files: `/shop/<id>` as the README writes it, `/meta/<id>`, `/brief/<id>` and `/photos/<id>`. */
export function onDemandPages(): Record<string, string | Uint8Array> {
  const page = snippet('src/pages/shop/[id].astro');
  const config = withFixtureCacheDir(snippet('snippets/astro-readme/on-demand.astro.config.mjs')).replace(
    'defineConfig({',
    "defineConfig({\n  image: { remotePatterns: [{ protocol: 'http', hostname: '127.0.0.1' }] },",
  );
  const photos = snippet('src/lib/photos.ts').replace(
    'readFrom: import.meta.env.PHOTO_ORIGIN',
    `readFrom: process.env.${IMAGE_HOST_ENV}`,
  );
  return {
    'astro.config.mjs': config,
    'src/live.config.ts': snippet('src/live.config.ts'),
    'src/pages/shop/[id].astro': page,
    // The Merchant listings guide's served product feed.
    'src/pages/served-product-feed.xml.ts': snippet('src/pages/served-product-feed.xml.ts'),
    // The page's <title> is the meta title: it shows a meta push.
    'src/pages/meta/[id].astro': page,
    // A page that asks for a short freshness itself, to see it go stale.
    'src/pages/brief/[id].astro': page.replace(
      'Astro.cache.set(entry);',
      'Astro.cache.set(entry);\nAstro.cache.set({ maxAge: 1, swr: 600 });',
    ),
    // The On-demand guide's page with a photo and a share image, and the Merchant listings guide's photos.
    'src/pages/photos/[id].astro': snippet('src/pages/photos/[id].astro'),
    'src/lib/photos.ts': photos,
    'src/assets/share-default.png': readFileSync(
      path.join(repoRoot, 'example-site/src/assets/share-default.png'),
    ),
  };
}
