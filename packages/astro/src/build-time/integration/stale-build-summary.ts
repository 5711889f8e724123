/**
 * The one line a build that kept stored entries ends with (the outage rule): which collections, how
 * old their entries are, and why, so a build that exits 0 from stored entries is not taken for one
 * made from the service.
 */
import type { KeptStale } from '../../project/project.js';

/** `ms` as a reader says an age: minutes, hours, then days. */
function ageText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/** The summary of `kept` (none: `undefined`), ages measured at `now`. */
export function staleBuildSummary(
  kept: readonly ({ collection: string } & KeptStale)[],
  now: number = Date.now(),
): string | undefined {
  if (kept.length === 0) return undefined;
  const which = kept
    .map(({ collection, syncedAt }) =>
      syncedAt === undefined
        ? `${collection} (of an earlier sync)`
        : `${collection} (last changed ${ageText(now - syncedAt.getTime())} ago, ${syncedAt.toISOString()})`,
    )
    .join(', ');
  // The failure itself: each warning ends by saying what was kept, which the list above says.
  const reasons = [...new Set(kept.map((k) => k.reason.replace(/; keeping .*$/, '')))];
  return (
    `this site was built from stored entries, not from the service: ${which}; ` +
    `why: ${reasons.join('; ')}. onError: 'fail' fails such a build instead`
  );
}
