/**
 * The ceiling of Astro's single-file data store (docs: "Large catalogs"): Astro serializes the
 * whole store into one string (devalue) to write `data-store.json`. V8 refuses a string past
 * `buffer.constants.MAX_STRING_LENGTH` (2^29 - 24 characters on 64-bit), and well before that,
 * devalue's pieces of the string run Node's heap out; either way the build dies at the commit with
 * no word of which collection. A collection that would pass the ceiling fails its load first.
 */
import { constants } from 'node:buffer';
import { getHeapStatistics } from 'node:v8';
import { configEnv } from '@sitecontent/client/internal';
import type { AstroConfig } from 'astro';
import { SiteContentStoreCeilingError } from '../../errors/store-ceiling-error.js';

/**
 * The characters one collection may take: V8's longest string, less a tenth for the other
 * collections, the meta stores and devalue's references, which the estimate does not count.
 */
export const STORE_CEILING_CHARS = Math.floor(constants.MAX_STRING_LENGTH * 0.9);

/**
 * Estimated store characters a byte of heap limit can serialize. Measured (bench/large-catalogs-report.md,
 * Node's default 4,288 MiB heap): 474,987 product entries (about 375 M characters at the 789 an entry
 * the larger one was estimated at) synced; 569,939 estimated at 450 M characters died out of heap in
 * Astro's serializer after the commit (0.083 and 0.100 of the heap limit). The ceiling sits between.
 */
export const HEAP_CHARS_PER_BYTE = 0.092;

/** Internal, for tests: a smaller ceiling, in characters, to meet it with a small catalog. */
export const STORE_CEILING_ENV = 'SITECONTENT_STORE_CEILING_CHARS';

/** The ceiling in force and what sets it: V8's longest string, or the heap (`heapBytes`). */
export interface StoreCeiling {
  chars: number;
  limitedBy: 'string' | 'heap';
  heapBytes: number;
}

/** The ceiling in force: the smaller of the string's and the heap's, or the one `env` sets. */
export function storeCeiling(
  env: Readonly<Record<string, string | undefined>>,
  heapBytes = getHeapStatistics().heap_size_limit,
): StoreCeiling {
  const set = Number(configEnv({ files: env }, [STORE_CEILING_ENV])[STORE_CEILING_ENV]);
  if (Number.isSafeInteger(set) && set > 0) return { chars: set, limitedBy: 'string', heapBytes };
  const byHeap = Math.floor(heapBytes * HEAP_CHARS_PER_BYTE);
  return byHeap < STORE_CEILING_CHARS
    ? { chars: byHeap, limitedBy: 'heap', heapBytes }
    : { chars: STORE_CEILING_CHARS, limitedBy: 'string', heapBytes };
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
  ceiling: StoreCeiling,
): void {
  const { estimatedChars } = staged;
  if (estimatedChars === undefined || estimatedChars <= ceiling.chars) return;
  throw new SiteContentStoreCeilingError({
    collection,
    records: staged.entries,
    estimatedChars,
    ceilingChars: ceiling.chars,
    limitedBy: ceiling.limitedBy,
    heapBytes: ceiling.heapBytes,
  });
}
