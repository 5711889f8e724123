/** The failure policies of a load in one place: fail, keep the previous entries, or commit with warnings. Pure. */
import { isSiteContentError } from '@sitecontent/client';
import { shownRecord } from '@sitecontent/client/internal';
import { isSiteContentAstroError } from '../../errors/guards.js';
import { SiteContentLoadError } from '../../errors/load-error.js';
import type { CommonLoaderSettings } from '../../options/loader-shapes.js';
import { allInvalid, authFix, failureSummary, invalidRecordError } from './failure-messages.js';
import { EnoughInvalidRecords, type InvalidRecords } from './invalid-records.js';

export interface LoadOutcome {
  collection: string;
  /** The site asked (for the advice on a refused key or site). */
  sid: number;
  /** Set when the fetch failed: its error, as thrown. */
  failure?: { error: unknown };
  /** Valid records that arrived (staged). */
  items: number;
  invalid: Pick<InvalidRecords, 'count' | 'named'>;
  /** How many entries the previous sync stored; a function, since counting lists every key. */
  stored(): number;
}

/** The loader's failure policies, with their defaults where they have one (`commonShape`). */
export type LoadPolicy = Pick<CommonLoaderSettings, 'onError' | 'onAuthError' | 'onInvalid'>;

export type LoadDecision =
  | { action: 'fail'; error: Error }
  | { action: 'keep-stale'; warning: string }
  | { action: 'commit'; warnings: string[] };

const fail = (error: Error): LoadDecision => ({ action: 'fail', error });
const keepStale = (warning: string): LoadDecision => ({ action: 'keep-stale', warning });

export function decideLoad(outcome: LoadOutcome, policy: LoadPolicy): LoadDecision {
  if (outcome.failure) return decideFailedFetch(outcome, outcome.failure.error, policy);
  if (outcome.items === 0 && outcome.invalid.count === 0) return decideEmptyAnswer(outcome, policy);
  if (outcome.invalid.count > 0) return decideInvalidRecords(outcome, policy);
  return { action: 'commit', warnings: [] };
}

function decideFailedFetch(outcome: LoadOutcome, error: unknown, policy: LoadPolicy): LoadDecision {
  const { collection, invalid } = outcome;
  // The project's own function failed: no outage policy applies, or old entries would hide it.
  if (isSiteContentAstroError(error, 'option_callback_failed')) return fail(error);
  if (isSiteContentError(error, 'record_validation') && policy.onInvalid === 'fail')
    return fail(invalidRecordError(collection, error));
  const [firstInvalid] = invalid.named;
  if (error instanceof EnoughInvalidRecords && firstInvalid !== undefined) {
    return fail(invalidRecordError(collection, firstInvalid, invalid.count, true));
  }
  const failure = failureSummary(collection, error);
  const stale = outcome.stored();
  const fix = authFix(error, outcome.sid);
  // A refused key or site is a configuration error: keeping old pages would hide it (exit 0).
  const chosen =
    fix !== undefined ? policy.onAuthError : (policy.onError ?? (stale > 0 ? 'keep-stale' : 'fail'));
  if (chosen === 'keep-stale')
    return keepStale(`${failure.message}; keeping ${stale} entries from the previous sync`);
  const reason =
    fix !== undefined
      ? `${failure.message}; ${fix}${stale > 0 ? ` (the ${stale} entries of the previous sync are not used: onAuthError: 'keep-stale' would keep them)` : ''}`
      : stale > 0 || policy.onError === 'fail'
        ? failure.message
        : `${failure.message}; no entries from an earlier sync to keep`;
  return fail(
    new SiteContentLoadError(
      reason,
      { collection, operation: failure.operation, url: failure.url },
      { cause: error },
    ),
  );
}

/** An empty answer where entries were stored is how outages often look: removing every page ships an empty site. */
function decideEmptyAnswer(outcome: LoadOutcome, policy: LoadPolicy): LoadDecision {
  const previous = outcome.stored();
  if (previous === 0) return { action: 'commit', warnings: [] };
  const summary = `${outcome.collection}: the service sent nothing to store, where the last sync stored ${previous} entries`;
  const really =
    'if it really is empty now, build once with `astro build --force` (it clears the stored entries)';
  if (policy.onError === 'fail') {
    return fail(new SiteContentLoadError(`${summary}; ${really}`, { collection: outcome.collection }));
  }
  return keepStale(`${summary}; keeping them (${really})`);
}

function decideInvalidRecords(outcome: LoadOutcome, policy: LoadPolicy): LoadDecision {
  const { collection, invalid } = outcome;
  const [firstInvalid] = invalid.named;
  if (firstInvalid === undefined) return { action: 'commit', warnings: [] };
  if (policy.onInvalid === 'fail') {
    return fail(invalidRecordError(collection, firstInvalid, invalid.count));
  }
  if (outcome.items === 0) {
    // Not one valid record: the outage policy applies, as to a body that cannot be read. With no
    // entries to keep (and no `onError`) the answer goes through: an empty collection.
    const stale = outcome.stored();
    const chosen = policy.onError ?? (stale > 0 ? 'keep-stale' : undefined);
    if (chosen !== undefined) {
      const all = allInvalid(collection, invalid, stale);
      return chosen === 'fail' ? fail(all.error()) : keepStale(all.warning);
    }
  }
  const warnings = invalid.named.map(
    (report) => `${collection}: skipping ${shownRecord(report.recordId)}: ${report.message}`,
  );
  if (invalid.count > invalid.named.length) {
    warnings.push(`${collection}: skipped ${invalid.count - invalid.named.length} more invalid records`);
  }
  return { action: 'commit', warnings };
}
