/**
 * The ceiling of Astro's single-file data store (docs: "Large catalogs"): Astro serializes the
 * whole store into one string (devalue) to write `data-store.json`, and V8 refuses a string past
 * `buffer.constants.MAX_STRING_LENGTH` (2^29 - 24 characters on 64-bit); the build then dies at the
 * commit with no word of which collection. A collection that would pass it fails its load first.
 */
import { constants } from 'node:buffer';
import type { AstroConfig } from 'astro';
import { SiteContentStoreCeilingError } from '../../errors/store-ceiling-error.js';

/**
 * The characters one collection may take: V8's longest string, less a tenth for the other
 * collections, the meta stores and devalue's references, which the estimate does not count.
 */
export const STORE_CEILING_CHARS = Math.floor(constants.MAX_STRING_LENGTH * 0.9);

/** Internal, for tests: a smaller ceiling, in characters, to meet it with a small catalog. */
export const STORE_CEILING_ENV = 'SITECONTENT_STORE_CEILING_CHARS';

/** The ceiling in force: `STORE_CEILING_CHARS`, or the one `env` sets. */
export function storeCeiling(env: Readonly<Record<string, string | undefined>>): number {
  const set = Number(env[STORE_CEILING_ENV] ?? process.env[STORE_CEILING_ENV]);
  return Number.isSafeInteger(set) && set > 0 ? set : STORE_CEILING_CHARS;
}

/** Whether Astro writes the store as one file (the default): the chunked store has no such ceiling. */
export function writesOneFile(config: Pick<AstroConfig, 'experimental'>): boolean {
  const storage = (config.experimental as { collectionStorage?: unknown } | undefined)?.collectionStorage;
  return storage === undefined || storage === 'single-file';
}

/** Throws `SiteContentStoreCeilingError` when the collection's entries would pass the ceiling. */
export function checkStoreCeiling(
  collection: string,
  staged: { entries: number; estimatedChars: number | undefined },
  ceilingChars: number,
): void {
  const { estimatedChars } = staged;
  if (estimatedChars === undefined || estimatedChars <= ceilingChars) return;
  throw new SiteContentStoreCeilingError({
    collection,
    records: staged.entries,
    estimatedChars,
    ceilingChars,
  });
}
