import { SiteContentAstroError } from './astro-error.js';

/**
 * A collection Astro's single-file data store cannot hold: the store is one string, and V8 refuses
 * a string past its longest, or Node's heap runs out serializing it first (`limitedBy`), which would
 * end the build by a crash at the commit.
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
  /** What sets the ceiling: V8's longest string, or Node's heap limit (`heapBytes`). */
  readonly limitedBy: 'string' | 'heap';
  /** Node's heap limit in this process, in bytes. */
  readonly heapBytes: number;

  constructor(facts: {
    collection: string;
    records: number;
    estimatedChars: number;
    ceilingChars: number;
    limitedBy: 'string' | 'heap';
    heapBytes: number;
  }) {
    const mb = (chars: number) => `${chars.toLocaleString('en')} characters`;
    const heapMiB = Math.round(facts.heapBytes / 2 ** 20);
    const why =
      facts.limitedBy === 'heap'
        ? `what Node's heap of ${heapMiB} MiB can serialize; a larger heap raises it, e.g. NODE_OPTIONS=--max-old-space-size=${heapMiB * 2}, up to V8's longest string`
        : "V8's longest string, with room for the other collections";
    super(
      'store_ceiling',
      `${facts.collection}: ${facts.records} entries would make Astro's data store about ${mb(facts.estimatedChars)}, ` +
        `past the ceiling of the single-file store (${mb(facts.ceilingChars)}: ${why}), ` +
        'where the build would crash writing it. Serve product pages on demand (liveProductsLoader() with on-demand pages, ' +
        'see the "Large catalogs" guide), or build hybrid: prerender part of the catalog (the loader\'s `catid`/`cattx` ' +
        "filter, or `prerendered` of the live loader) and serve the rest on demand; `experimental.collectionStorage: 'chunked'` " +
        'has no such ceiling but writes the store several times slower',
    );
    this.collection = facts.collection;
    this.records = facts.records;
    this.estimatedChars = facts.estimatedChars;
    this.ceilingChars = facts.ceilingChars;
    this.limitedBy = facts.limitedBy;
    this.heapBytes = facts.heapBytes;
  }
}
