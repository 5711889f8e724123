/** The last line of a build made from stored entries: which collections, how old, and why. */
import { describe, expect, it } from 'vitest';
import { staleBuildSummary } from '../src/build-time/integration/stale-build-summary.js';

const now = Date.parse('2026-12-07T12:00:00Z');

describe('staleBuildSummary()', () => {
  it('is nothing when no collection kept its entries', () => {
    expect(staleBuildSummary([], now)).toBeUndefined();
  });

  it('names each collection with its age, says why once per failure, and how to fail instead', () => {
    const line = staleBuildSummary(
      [
        {
          collection: 'products',
          reason:
            'goods/Get network error ECONNREFUSED (http://127.0.0.1:1/v1/goods/Get?key=***); keeping 31 entries from the previous sync',
          syncedAt: new Date(now - 5 * 60_000),
        },
        {
          collection: 'sections',
          reason:
            'goods/Get network error ECONNREFUSED (http://127.0.0.1:1/v1/goods/Get?key=***); keeping 14 entries from the previous sync',
          syncedAt: new Date(now - 3 * 3_600_000),
        },
        { collection: 'articles', reason: 'article/Get HTTP 503', syncedAt: new Date(now - 9 * 86_400_000) },
        { collection: 'domains', reason: 'article/Get HTTP 503', syncedAt: undefined },
      ],
      now,
    );
    expect(line).toBe(
      'this site was built from stored entries, not from the service: ' +
        'products (last changed 5 min ago, 2026-12-07T11:55:00.000Z), sections (last changed 3 h ago, 2026-12-07T09:00:00.000Z), ' +
        'articles (last changed 9 days ago, 2026-11-28T12:00:00.000Z), domains (of an earlier sync); ' +
        'why: goods/Get network error ECONNREFUSED (http://127.0.0.1:1/v1/goods/Get?key=***); article/Get HTTP 503. ' +
        "onError: 'fail' fails such a build instead",
    );
  });
});
