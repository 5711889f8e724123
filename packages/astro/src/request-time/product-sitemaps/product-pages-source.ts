/**
 * How the site's product pages are made, as its live products loader was told: noted beside the
 * loader in the process-wide slot when it is made, and found by the sitemap and feed routes, handed
 * the site's live collections, so no loader has to have run first.
 */
import type { Product } from '@sitecontent/client';
import type { LiveLoader } from 'astro/loaders';
import type { ProductUrlOption } from '../../entries/product-page.js';
import { SiteContentOptionsError } from '../../errors/options-error.js';
import { liveProductsOptionsSchema } from '../../options/live-options.js';
import { noteProductPages, productPagesNoted } from '../../project/open-projects.js';

export interface ProductPagesSource {
  /** The loader's options, for its client (connection and client options). */
  options: Record<string, unknown>;
  productUrl: ProductUrlOption;
  onlyVisible: boolean;
  /** Products whose pages are prerendered: listed by `@astrojs/sitemap`, not here. */
  prerendered: ((product: Product) => boolean) | undefined;
  /** The loader's `site` option. */
  site: string | undefined;
}

/** The source of a live products loader made with `options` (checked, defaults in). */
export function productPagesSource(
  options: Pick<ProductPagesSource, 'productUrl' | 'onlyVisible'> &
    Partial<Pick<ProductPagesSource, 'prerendered' | 'site'>>,
): ProductPagesSource {
  const { productUrl, onlyVisible, prerendered, site, ...rest } = options;
  return { options: rest, productUrl, onlyVisible, prerendered, site };
}

/** `loader` carrying `source` for the product sitemaps. */
export function withProductPages<L extends object>(loader: L, source: ProductPagesSource): L {
  noteProductPages(loader, source);
  return loader;
}

/** The product pages' settings when the site has no live products loader: its defaults. */
export const defaultProductPages = (): ProductPagesSource =>
  productPagesSource(liveProductsOptionsSchema.parse({}));

/** The live collections of `src/live.config.ts`, as its `collections` export holds them. */
export type LiveCollections = Record<string, { loader?: LiveLoader | object } | undefined>;

/** The pages of the live products loader in `collection`, else the only one, else defaults; two unnamed: an error. */
export function productPagesIn(
  collections: LiveCollections | undefined,
  collection?: string,
): ProductPagesSource {
  const sources = Object.entries(collections ?? {}).flatMap(([name, c]) => {
    const source = c?.loader ? (productPagesNoted(c.loader) as ProductPagesSource | undefined) : undefined;
    return source ? [{ name, source }] : [];
  });
  if (collection !== undefined) {
    const named = sources.find((s) => s.name === collection);
    if (named) return named.source;
    const found = sources.map((s) => s.name).join(', ') || 'none';
    throw new SiteContentOptionsError('siteContent', [
      `onDemand.sitemap.collection: no live collection "${collection}" with a liveProductsLoader() in src/live.config (found: ${found})`,
    ]);
  }
  if (sources.length > 1) {
    const names = sources.map((s) => s.name).join(', ');
    throw new SiteContentOptionsError('siteContent', [
      `onDemand.sitemap.collection: live collections ${names} each have a liveProductsLoader(); name the one whose pages the product sitemaps list`,
    ]);
  }
  return sources[0]?.source ?? defaultProductPages();
}
