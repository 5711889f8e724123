/**
 * Writes a Pagefind index of search records through Pagefind's Node API (custom records, no HTML
 * crawl). Records are handed over as they come, a bounded number in flight, so the caller can
 * stream a catalog that does not fit in memory; Pagefind's own process holds the index until it
 * is written. Feeding and writing are two steps (`openSearchIndex`), so a split index can feed one
 * bundle while the one before it is being written (search-bundles.ts).
 */
import { rm } from 'node:fs/promises';
import { SiteContentSearchIndexError } from '../errors/search-index-error.js';
import type { SearchRecord } from './search-records.js';

/** Records handed to Pagefind before waiting for its answers. */
const IN_FLIGHT = 64;

/**
 * Indexes open in this process. Pagefind's Node API drives one child process for all of them,
 * stopped when the last one ends; a count, not an instance, is what is shared.
 */
const pagefindUse = { open: 0 };

/** What writing an index did. */
export interface SearchIndexSummary {
  /** Records in the index. */
  records: number;
  /** Where the index was written (Pagefind's bundle folder). */
  outputPath: string;
  /** Milliseconds from the first record to the written files. */
  ms: number;
}

/** An index in Pagefind's process: fed, then written once (which also frees it). */
export interface OpenSearchIndex {
  /** Hands `records` to Pagefind; resolves when it has taken all of them. Returns how many. */
  add(records: Iterable<SearchRecord> | AsyncIterable<SearchRecord>): Promise<number>;
  /** Writes the bundle to `outputPath` (replacing what was there) and frees the index. */
  write(outputPath: string): Promise<SearchIndexSummary>;
  /** Frees the index without writing it (after a failure elsewhere). */
  discard(): Promise<void>;
}

/**
 * Opens an index in Pagefind's process. Throws `SiteContentSearchIndexError` with Pagefind's words
 * when it refuses a record or the write; `label` names the index in those errors until it is written.
 */
export async function openSearchIndex(label: string): Promise<OpenSearchIndex> {
  const started = performance.now();
  // Loaded on first use: a site without the `search` option never starts Pagefind's binary.
  const pagefind = await import('pagefind');
  pagefindUse.open++;
  let closed = false;
  const release = async () => {
    if (closed) return;
    closed = true;
    // Its child process would otherwise keep a finished build or CLI run alive.
    if (--pagefindUse.open === 0) await pagefind.close();
  };
  let created: Awaited<ReturnType<typeof pagefind.createIndex>>;
  try {
    created = await pagefind.createIndex({});
  } catch (error) {
    await release();
    throw error;
  }
  const { index, errors } = created;
  if (!index) {
    await release();
    throw new SiteContentSearchIndexError(label, errors);
  }
  let count = 0;
  const free = async () => {
    try {
      await index.deleteIndex();
    } finally {
      await release();
    }
  };
  return {
    async add(records) {
      const problems: string[] = [];
      let added = 0;
      let pending: Promise<void>[] = [];
      for await (const record of records) {
        pending.push(
          index.addCustomRecord(record).then((answer) => {
            for (const error of answer.errors) problems.push(`${record.url}: ${error}`);
          }),
        );
        added++;
        if (pending.length >= IN_FLIGHT) {
          await Promise.all(pending);
          pending = [];
        }
      }
      await Promise.all(pending);
      count += added;
      if (problems.length > 0) throw new SiteContentSearchIndexError(label, problems);
      return added;
    },
    async write(outputPath) {
      try {
        // A folder left from an earlier index would keep its stale chunks beside the new ones.
        await rm(outputPath, { recursive: true, force: true });
        const written = await index.writeFiles({ outputPath });
        if (written.errors.length > 0) throw new SiteContentSearchIndexError(outputPath, written.errors);
      } finally {
        await free();
      }
      return { records: count, outputPath, ms: Math.round(performance.now() - started) };
    },
    discard: free,
  };
}

/**
 * Indexes `records` and writes the bundle to `outputPath` (replacing what was there). Throws
 * `SiteContentSearchIndexError` with Pagefind's words when it refuses a record or the write.
 */
export async function writeSearchIndex(
  records: Iterable<SearchRecord> | AsyncIterable<SearchRecord>,
  outputPath: string,
): Promise<SearchIndexSummary> {
  const index = await openSearchIndex(outputPath);
  try {
    await index.add(records);
  } catch (error) {
    await index.discard();
    throw error;
  }
  return index.write(outputPath);
}
