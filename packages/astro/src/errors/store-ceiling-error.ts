import { SiteContentAstroError } from './astro-error.js';

/**
 * A collection Astro's single-file data store cannot hold: the store is one string, and V8 refuses
 * a string past its longest (`ceilingChars`), which would end the build by a crash at the commit.
 */
export class SiteContentStoreCeilingError extends SiteContentAstroError {
  override name = 'SiteContentStoreCeilingError';
  readonly collection: string;
  /** Entries the collection would hold. */
  readonly records: number;
  /** The store's estimated length, in characters, with them. */
  readonly estimatedChars: number;
  /** The most characters the single-file store may hold. */
  readonly ceilingChars: number;

  constructor(facts: { collection: string; records: number; estimatedChars: number; ceilingChars: number }) {
    const mb = (chars: number) => `${chars.toLocaleString('en')} characters`;
    super(
      'store_ceiling',
      `${facts.collection}: ${facts.records} entries would make Astro's data store about ${mb(facts.estimatedChars)}, ` +
        `past the ceiling of the single-file store (${mb(facts.ceilingChars)}: V8's longest string, with room for the other collections), ` +
        'where the build would crash writing it. Serve product pages on demand (liveProductsLoader() with on-demand pages, ' +
        'see the "Large catalogs" guide), or build hybrid: prerender part of the catalog (the loader\'s `catid`/`cattx` ' +
        "filter, or `prerendered` of the live loader) and serve the rest on demand; `experimental.collectionStorage: 'chunked'` " +
        'has no such ceiling but writes the store several times slower',
    );
    this.collection = facts.collection;
    this.records = facts.records;
    this.estimatedChars = facts.estimatedChars;
    this.ceilingChars = facts.ceilingChars;
  }
}
