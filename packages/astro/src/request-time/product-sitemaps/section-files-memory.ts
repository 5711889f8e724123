/**
 * What the server process learned from the product sitemap files it made: how many files each
 * section fills and the newest `<lastmod>` of each. The interface has no counts and no paging, so
 * the index (docs/architecture.md, "Product sitemaps") takes them from here instead of reading the
 * catalog: a section never made lists its first file, without `<lastmod>`.
 */
import { LRUCache } from 'lru-cache';

/** One file of a section as the index lists it: its number (from 1) and, when known, its `<lastmod>`. */
export interface KnownFile {
  n: number;
  lastmod?: Date | undefined;
}

interface SectionFiles {
  /** Each file's newest `dt`, in file order; its length is the section's file count. */
  lastmods: (Date | undefined)[];
  /** When the files were made (ms since the epoch): a date older than the caches' keep is stale. */
  madeAt: number;
  /** A purge since: the counts still hold as hints, the dates no longer. */
  datesForgotten: boolean;
}

/** A sitemap index lists at most 50,000 files: more sections than that cannot all be listed anyway. */
const SECTIONS_REMEMBERED = 50_000;

export class SectionFilesMemory {
  // By index path and section: one process may serve two indexes (of two collections).
  readonly #sections = new LRUCache<string, SectionFiles>({ max: SECTIONS_REMEMBERED });

  /**
   * Notes the files section `sectionId` of the index at `index` filled when made at `now`. True
   * when it fills more than the index knew: an index made before lists too few of its files.
   */
  learn(index: string, sectionId: number, lastmods: readonly (Date | undefined)[], now = Date.now()) {
    const key = `${index} ${sectionId}`;
    const before = this.#sections.get(key)?.lastmods.length ?? 1;
    this.#sections.set(key, { lastmods: [...lastmods], madeAt: now, datesForgotten: false });
    return lastmods.length > before;
  }

  /**
   * The files of section `sectionId` the index at `index` lists: those learned (none for a section found
   * empty), or the first alone for a section never made. A `<lastmod>` only from files made within
   * `keepMs` (what a cache may still serve of them) and not purged since: else it may be older
   * than what the file holds now, and a crawler would skip the file.
   */
  files(index: string, sectionId: number, keepMs: number, now = Date.now()): KnownFile[] {
    const known = this.#sections.get(`${index} ${sectionId}`);
    if (!known) return [{ n: 1 }];
    const dated = !known.datesForgotten && now - known.madeAt <= keepMs;
    return known.lastmods.map((lastmod, i) => ({ n: i + 1, ...(dated && lastmod ? { lastmod } : {}) }));
  }

  /** After a purge naming products or sections: every remembered date may be old now. */
  forgetDates(): void {
    for (const known of this.#sections.values()) known.datesForgotten = true;
  }
}
