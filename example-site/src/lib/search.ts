// What the storefront's search index holds and how it names prices and colours: read by the
// siteContent integration (astro.config.mjs), which writes the index into the build, and by the
// search page and the listings' filter panel, which show the same price bands.
import type { SearchOptions } from '@sitecontent/astro/search';
// Explicit `.ts` extensions: the Astro config imports this module, and `tsc -b` checks it there.
import { STORE } from './store.ts';
import { colourName, variantFacts } from './variants.ts';

export const SEARCH = {
  currency: STORE.currency,
  locale: STORE.locale,
  // The swatches' colour names (lib/variants.ts), never the colour codes.
  variantProperties: variantFacts,
  priceBands: [50, 100, 250, 500, 1000],
} satisfies SearchOptions;

interface FacetSource {
  modificationsByProduct: ReadonlyMap<string, readonly { data: { stxt: string } }[]>;
}

/**
 * The brands and colour names of `products`, sorted: the values the filter panel offers, named as
 * the index names them (the vendor as written, the colour through lib/variants.ts).
 */
export function facetValues(
  shop: FacetSource,
  products: readonly { id: string; data: { vendor: string } }[],
): { vendors: string[]; colours: string[] } {
  const sorted = (values: Iterable<string | undefined>) =>
    [...new Set([...values].filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b, 'en'));
  return {
    vendors: sorted(products.map((p) => p.data.vendor.trim())),
    colours: sorted(
      products.flatMap((p) => (shop.modificationsByProduct.get(p.id) ?? []).map((m) => colourName(m.data))),
    ),
  };
}

/**
 * The `tx` of a section and of every section above it, nearest first: of an index split by top
 * section, a listing's filter panel loads the bundle one of them names (lib/search-engine.ts).
 */
export function sectionTrail(
  sections: readonly { data: { tx: string; par: string } }[],
  tx: string,
): string[] {
  const byTx = new Map(sections.map((s) => [s.data.tx, s.data]));
  const trail: string[] = [];
  for (let at = byTx.get(tx); at && !trail.includes(at.tx); at = at.par ? byTx.get(at.par) : undefined)
    trail.push(at.tx);
  return trail;
}
