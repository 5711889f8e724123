/** The commit of a load that goes through: the staged entries into the store, and its summary line. */
import { shownId, shownRecord, shownText } from '@sitecontent/client/internal';
import type { LoaderContext } from 'astro/loaders';
import { SiteContentInvalidRecordError } from '../../errors/invalid-record-error.js';
import type { OnInvalid } from '../../options/loader-shapes.js';
import type { CommitHandlers, SyncCounts } from '../staging/commit-staged.js';
import type { StagedEntries } from '../staging/stage-entries.js';
import { NAMED_INVALID_RECORDS } from './invalid-records.js';

/** Longest schema error a warning shows (Astro lists every issue). */
const SCHEMA_DETAIL_MAX = 1000;

/** Writes the staged entries; an entry the collection schema rejects fails the load or is skipped. */
export function commitEntries(ctx: LoaderContext, staged: StagedEntries, onInvalid: OnInvalid): SyncCounts {
  return staged.commit(commitHandlers(ctx, onInvalid));
}

function commitHandlers({ collection, logger }: LoaderContext, onInvalid: OnInvalid): CommitHandlers {
  let schemaRejects = 0;
  return {
    onParseError: (id, error) => {
      // Astro's message quotes the entry id, which can be the service's text (a section's `tx`).
      const detail = shownText(error instanceof Error ? error.message : String(error), SCHEMA_DETAIL_MAX);
      if (onInvalid === 'fail') {
        throw new SiteContentInvalidRecordError(
          `${collection}: ${shownRecord(id)} does not match the collection schema: ${detail}`,
          { collection, recordId: id, field: '(schema)' },
          { cause: error },
        );
      }
      // As many warnings as for the client's invalid records; the summary line counts them all.
      if (++schemaRejects <= NAMED_INVALID_RECORDS)
        logger.warn(`${collection}: skipping ${shownRecord(id)}: ${detail}`);
    },
    onDuplicate: (id, kept, dropped) => {
      const which =
        String(kept) === String(dropped)
          ? `record ${shownId(kept)} twice`
          : `records ${shownId(kept)} and ${shownId(dropped)}`;
      logger.warn(
        `${collection}: the service sent ${which} for the entry id "${shownId(id)}"; ` +
          `keeping ${shownId(kept)}, the first one`,
      );
    },
  };
}

/** What the summary line counts besides the store's own counts. */
export interface LoadTally {
  items: number;
  /** Invalid records the client or the loader reported (the commit counts schema rejects). */
  invalid: number;
  metaReused: number;
  startedAt: number;
  fetchedAt: number;
}

/** `products: 9524 records in 5210 ms (fetch 4100 ms): 12 written, 9512 unchanged, 0 removed, …` */
export function summaryLine(collection: string, counts: SyncCounts, tally: LoadTally): string {
  const totalMs = performance.now() - tally.startedAt;
  const fetchedMs = tally.fetchedAt - tally.startedAt;
  const invalid = tally.invalid + counts.invalid;
  return (
    `${collection}: ${tally.items} records in ${Math.round(totalMs)} ms (fetch ${Math.round(fetchedMs)} ms): ` +
    `${counts.written} written, ${counts.unchanged} unchanged, ${counts.removed} removed` +
    (invalid > 0 ? `, ${invalid} invalid skipped` : '') +
    (counts.duplicates > 0 ? `, ${counts.duplicates} duplicates skipped` : '') +
    (tally.metaReused > 0 ? `, meta of ${tally.metaReused} pages reused` : '') +
    (counts.sanitizedOnThread > 0
      ? `, ${counts.sanitizedOnThread} HTML fields sanitized on a worker thread`
      : '') +
    (counts.fullReload ? ' (loader version changed: full reload)' : '') +
    (counts.keptStored ? ' (answers unchanged since the last sync: entries kept as stored)' : '')
  );
}
