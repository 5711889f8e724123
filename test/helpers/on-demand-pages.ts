// The on-demand suite's site: the README's on-demand config and page, and two copies of the page that
// tell apart what one page cannot show: a meta push's purge, and a page going stale.
import { snippet, withFixtureCacheDir } from './on-demand-site.js';

/** The fixture's files: `/shop/<id>` as the README writes it, `/meta/<id>` and `/brief/<id>`. */
export function onDemandPages(): Record<string, string> {
  const page = snippet('src/pages/shop/[id].astro');
  return {
    'astro.config.mjs': withFixtureCacheDir(snippet('snippets/astro-readme/on-demand.astro.config.mjs')),
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
  };
}
