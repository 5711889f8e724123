import type { AstroConfig } from 'astro';
import { readUrlStyle } from '../../entries/page-url.js';

/** Stable text of an option that may be a function, for digests (a changed function changes entries). */
export function optionFingerprint(value: unknown): unknown {
  return typeof value === 'function' ? `fn:${value.toString()}` : value;
}

/** The options of a page loader (products, sections, articles) that shape its entries. */
export interface PageLoaderShape {
  opts: { onlyVisible: boolean; sanitize: boolean; metaModule?: unknown };
  seo: boolean;
  sectionsCollection: string;
}

/** What shapes a page loader's entries, in every digest: its options, the URL style, its own `extra`. */
export function pageFingerprint(
  { opts, seo, sectionsCollection }: PageLoaderShape,
  config: Pick<AstroConfig, 'trailingSlash' | 'build'>,
  ...extra: unknown[]
): unknown[] {
  return [
    opts.onlyVisible,
    opts.sanitize,
    seo,
    sectionsCollection,
    optionFingerprint(opts.metaModule),
    ...extra.map(optionFingerprint),
    readUrlStyle(config),
  ];
}
