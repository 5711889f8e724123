/**
 * Writes a Pagefind index of search records through Pagefind's Node API (custom records, no HTML
 * crawl). Records are handed over as they come, a bounded number in flight, so the caller can
 * stream a catalog that does not fit in memory; Pagefind's own process holds the index until it
 * is written.
 */
import { rm } from 'node:fs/promises';
import { SiteContentSearchIndexError } from '../errors/search-index-error.js';
import type { SearchRecord } from './search-records.js';

/** Records handed to Pagefind before waiting for its answers. */
const IN_FLIGHT = 64;

/**
 * Indexes being written in this process. Pagefind's Node API drives one child process for all of
 * them, stopped when the last one ends; a count, not an instance, is what is shared.
 */
const pagefindUse = { writing: 0 };

/** What writing an index did. */
export interface SearchIndexSummary {
  /** Records in the index. */
  records: number;
  /** Where the index was written (Pagefind's bundle folder). */
  outputPath: string;
  /** Milliseconds from the first record to the written files. */
  ms: number;
}

/**
 * Indexes `records` and writes the bundle to `outputPath` (replacing what was there). Throws
 * `SiteContentSearchIndexError` with Pagefind's words when it refuses a record or the write.
 */
export async function writeSearchIndex(
  records: Iterable<SearchRecord> | AsyncIterable<SearchRecord>,
  outputPath: string,
): Promise<SearchIndexSummary> {
  const started = performance.now();
  // Loaded on first use: a site without the `search` option never starts Pagefind's binary.
  const pagefind = await import('pagefind');
  pagefindUse.writing++;
  try {
    return await indexInto(pagefind, records, outputPath, started);
  } finally {
    // Its child process would otherwise keep a finished build or CLI run alive.
    if (--pagefindUse.writing === 0) await pagefind.close();
  }
}

async function indexInto(
  pagefind: typeof import('pagefind'),
  records: Iterable<SearchRecord> | AsyncIterable<SearchRecord>,
  outputPath: string,
  started: number,
): Promise<SearchIndexSummary> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new SiteContentSearchIndexError(outputPath, errors);
  const problems: string[] = [];
  let count = 0;
  try {
    let pending: Promise<void>[] = [];
    for await (const record of records) {
      pending.push(
        index.addCustomRecord(record).then((added) => {
          for (const error of added.errors) problems.push(`${record.url}: ${error}`);
        }),
      );
      count++;
      if (pending.length >= IN_FLIGHT) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
    if (problems.length > 0) throw new SiteContentSearchIndexError(outputPath, problems);
    // A folder left from an earlier index would keep its stale chunks beside the new ones.
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new SiteContentSearchIndexError(outputPath, written.errors);
  } finally {
    await index.deleteIndex();
  }
  return { records: count, outputPath, ms: Math.round(performance.now() - started) };
}
