/**
 * Planning (META.md): read the current meta of every desired target and keep only the fields that
 * would change.
 */
import { mapBounded } from '../http/bounded-map.js';
import {
  type CurrentMeta,
  type DesiredMetaEntry,
  META_FIELDS,
  type MetaChange,
  type MetaPlan,
  type MetaPlanEntry,
  type MetaSyncClient,
  type MetaTargetFailure,
} from '../types/meta-sync.js';
import { assertDesiredMeta } from './desired-meta.js';
import { checkedConcurrency } from './limits.js';
import { describeError, EveryPageStop } from './page-failures.js';

/** Options of {@link planMetaChanges}. */
export interface PlanMetaOptions {
  /**
   * Pages read at the same time. The client's own bound (default 16) still applies on top.
   * @default 16
   */
  concurrency?: number;
  /** Stops reading; the returned promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after each target is read (for a progress display). */
  onProgress?: (event: { done: number; total: number }) => void;
}

export const PLAN_META_DEFAULTS = { concurrency: 16 } as const satisfies PlanMetaOptions;

/** The current value of a field as a string; a page without meta (or without the field) has `''`. */
export function currentValue(current: CurrentMeta | undefined, field: (typeof META_FIELDS)[number]): string {
  const value = current?.[field];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

/**
 * Field-by-field difference between the current meta of a page and a desired entry. Only fields
 * present in the entry are compared; values are compared exactly (no trimming: what is sent is
 * what is stored).
 */
export function diffMeta(current: CurrentMeta | undefined, desired: DesiredMetaEntry): MetaChange[] {
  const changes: MetaChange[] = [];
  for (const field of META_FIELDS) {
    const to = desired[field];
    if (to === undefined) continue;
    const from = currentValue(current, field);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/**
 * Reads the current meta of every desired target (`meta/Get`, bounded concurrency) and returns a
 * plan with the pages that would change. Desired entries are validated first: an invalid list
 * throws a `DesiredMetaError` before any request. A target whose meta cannot be read is listed in
 * `plan.errors` (the others are still planned), unless the failure is one no page escapes (the key
 * refused, the service unreachable): then the planning stops and rejects with that error.
 */
export async function planMetaChanges(
  client: MetaSyncClient,
  desired: readonly DesiredMetaEntry[],
  options: PlanMetaOptions = {},
): Promise<MetaPlan> {
  const { entries } = assertDesiredMeta(desired);
  const concurrency = checkedConcurrency(
    'planMetaChanges',
    options.concurrency,
    PLAN_META_DEFAULTS.concurrency,
  );
  const { signal } = options;
  signal?.throwIfAborted();
  const createdAt = new Date().toISOString();
  // The first failure no page escapes ends the planning: the reads in flight are called off.
  const stop = new EveryPageStop(signal);

  let done = 0;
  type Outcome = { entry?: MetaPlanEntry; error?: MetaTargetFailure };
  const run = mapBounded(
    entries,
    concurrency,
    async (desiredEntry): Promise<Outcome> => {
      const { md, id } = desiredEntry;
      let outcome: Outcome;
      try {
        const current = await client.meta.get(md, id, { signal: stop.signal });
        const changes = diffMeta(current, desiredEntry);
        outcome = changes.length > 0 ? { entry: { md, id, created: current === undefined, changes } } : {};
      } catch (error) {
        signal?.throwIfAborted();
        stop.stopsAll(error);
        outcome = { error: { md, id, ...describeError(error) } };
      }
      done++;
      options.onProgress?.({ done, total: entries.length });
      return outcome;
    },
    undefined,
    stop.signal,
  );
  const outcomes = await stop.ended(run);
  signal?.throwIfAborted();
  if (stop.failure !== undefined) throw stop.failure.error;

  const planEntries: MetaPlanEntry[] = [];
  const errors: MetaTargetFailure[] = [];
  for (const outcome of outcomes ?? []) {
    if (outcome.entry !== undefined) planEntries.push(outcome.entry);
    if (outcome.error !== undefined) errors.push(outcome.error);
  }
  const plan: MetaPlan = {
    version: 1,
    createdAt,
    entries: planEntries,
    errors,
    counts: {
      targets: entries.length,
      changed: planEntries.length,
      unchanged: entries.length - planEntries.length - errors.length,
      fieldChanges: planEntries.reduce((sum, entry) => sum + entry.changes.length, 0),
      errors: errors.length,
    },
  };
  if (typeof client.sid === 'number') plan.sid = client.sid;
  return plan;
}
