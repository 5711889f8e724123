/** Planning (META.md): the current meta of every target, and the fields that would change. */
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
  /** Pages read at the same time, within the client's own bound. @default 16 */
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

/** The fields of `desired` that differ from `current`, compared exactly (what is sent is what is stored). */
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
 * A plan of the pages that would change. Invalid desired entries throw before any request; a target
 * that cannot be read is listed in `plan.errors`, unless no page would escape the failure (a refused
 * key, the service unreachable): then planning rejects with it.
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
