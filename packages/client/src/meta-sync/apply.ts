/**
 * Applying a plan (META.md). Idempotent: each page is re-read just before it is written and only the
 * fields that still differ are sent, so a second run, or one after a partial failure, writes only
 * what is left. Writes are never repeated here (only the client's retry of `meta/Set`, which is safe).
 */

import { InvalidArgumentError } from '../errors/write-rejected-error.js';
import { mapBounded } from '../http/bounded-map.js';
import {
  type DesiredMetaEntry,
  META_FIELDS,
  type MetaApplyFailure,
  type MetaApplyProgress,
  type MetaApplyReport,
  type MetaApplyUnchanged,
  type MetaApplyUpdated,
  type MetaField,
  type MetaPlan,
  type MetaSyncClient,
  type MetaValues,
} from '../types/meta-sync.js';
import { assertDesiredMeta } from './desired-meta.js';
import { checkedConcurrency } from './limits.js';
import { describeError, EveryPageStop } from './page-failures.js';
import { currentValue } from './plan.js';

/** Options of {@link applyMetaPlan}. */
export interface ApplyMetaOptions {
  /** Pages handled at the same time, within the client's own bound. @default 8 */
  concurrency?: number;
  /** Stops starting new pages; pages not started are reported as failed with stage `aborted`. */
  signal?: AbortSignal;
  /** Called once per plan entry when it is settled. */
  onProgress?: (event: MetaApplyProgress) => void;
  /**
   * Re-read each page right before writing it and send only what still differs; off halves the
   * requests but writes every planned field. @default true
   */
  reread?: boolean;
}

export const APPLY_META_DEFAULTS = { concurrency: 8, reread: true } as const satisfies ApplyMetaOptions;

/** The desired state a plan describes: each entry's new values. */
export function planToDesired(plan: Pick<MetaPlan, 'entries'>): DesiredMetaEntry[] {
  return plan.entries.map((entry) => {
    const out: DesiredMetaEntry = { md: entry.md, id: entry.id };
    for (const change of entry.changes) out[change.field] = change.to;
    return out;
  });
}

/**
 * Writes a plan's changes (`meta/Set`, bounded) and reports what was updated, already unchanged, or
 * failed. Never throws for a page; throws before sending when the plan is malformed
 * (`DesiredMetaError`) or for another site (`InvalidArgumentError`). After a failure no page escapes
 * (a refused key, the service unreachable) the rest are failed with stage `aborted`.
 */
export async function applyMetaPlan(
  client: MetaSyncClient,
  plan: Pick<MetaPlan, 'entries'> & Partial<Pick<MetaPlan, 'sid'>>,
  options: ApplyMetaOptions = {},
): Promise<MetaApplyReport> {
  // A stored plan names its site: applied through a client of another site, it would write there.
  if (plan.sid !== undefined && client.sid !== undefined && plan.sid !== client.sid) {
    throw new InvalidArgumentError(
      `meta/Set: the plan was made for site ${plan.sid}, the client is for site ${client.sid}; nothing was sent`,
      { operation: 'meta/Set' },
    );
  }
  const { entries: targets } = assertDesiredMeta(planToDesired(plan));
  const concurrency = checkedConcurrency(
    'applyMetaPlan',
    options.concurrency,
    APPLY_META_DEFAULTS.concurrency,
  );
  const reread = options.reread ?? APPLY_META_DEFAULTS.reread;
  const { signal } = options;
  const callOptions = signal === undefined ? undefined : { signal };

  const updated: MetaApplyUpdated[] = [];
  const unchanged: MetaApplyUnchanged[] = [];
  const failed: MetaApplyFailure[] = [];
  // Targets whose write succeeded in this run: never sent twice, whatever the plan says.
  const written = new Set<string>();
  const settled = new Set<number>();
  let done = 0;
  // After a failure no page escapes (key refused, service unreachable), no further page is started.
  const stop = new EveryPageStop(signal);
  let everyPage: string | undefined;

  const noteOutcome = (index: number, progress: Omit<MetaApplyProgress, 'done' | 'total'>): void => {
    settled.add(index);
    done++;
    options.onProgress?.({ done, total: targets.length, ...progress });
  };

  const run = mapBounded(
    targets,
    concurrency,
    async (target, index) => {
      const { md, id } = target;
      const key = `${md}\u0000${id}`;
      if (written.has(key)) {
        unchanged.push({ md, id });
        noteOutcome(index, { md, id, outcome: 'unchanged' });
        return;
      }
      let stage: 'read' | 'write' = 'read';
      try {
        // Without a re-read every planned field is sent; with it, only those that still differ.
        const current = reread ? await client.meta.get(md, id, callOptions) : undefined;
        const fields: MetaValues = {};
        for (const field of META_FIELDS) {
          const value = target[field];
          if (value === undefined) continue;
          if (!reread || currentValue(current, field) !== value) fields[field] = value;
        }
        const names = Object.keys(fields) as MetaField[];
        if (names.length === 0) {
          unchanged.push({ md, id });
          noteOutcome(index, { md, id, outcome: 'unchanged' });
          return;
        }
        stage = 'write';
        await client.meta.update(md, id, fields, callOptions);
        written.add(key);
        updated.push({ md, id, fields: names });
        noteOutcome(index, { md, id, outcome: 'updated' });
      } catch (error) {
        const failure: MetaApplyFailure = { md, id, stage, ...describeError(error) };
        failed.push(failure);
        noteOutcome(index, { md, id, outcome: 'failed', reason: failure.reason });
        if (stop.stopsAll(error)) everyPage = failure.reason;
      }
    },
    undefined,
    stop.signal,
  );
  await stop.ended(run);

  targets.forEach((target, index) => {
    if (settled.has(index)) return;
    const reason =
      signal?.aborted !== true && everyPage !== undefined
        ? `not sent: another page failed with ${everyPage}`
        : 'not sent: the run was aborted';
    failed.push({ md: target.md, id: target.id, stage: 'aborted', reason, code: 'aborted' });
    noteOutcome(index, { md: target.md, id: target.id, outcome: 'failed', reason });
  });

  return {
    updated,
    unchanged,
    failed,
    aborted: signal?.aborted === true,
    counts: {
      total: targets.length,
      updated: updated.length,
      unchanged: unchanged.length,
      failed: failed.length,
    },
  };
}
