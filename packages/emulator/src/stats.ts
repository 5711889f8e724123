/** Request counters, updated live while the emulator runs. */
export interface EmulatorStats {
  /** Every request that reached the server. */
  total: number;
  /** TCP connections accepted: with keep-alive working, about the requests in flight at once. */
  connections: number;
  /** Requests per operation, e.g. `byOperation['meta/Set']`. */
  byOperation: Record<string, number>;
  /** Responses per HTTP status sent (a reset or truncated response counts under its status). */
  byStatus: Record<number, number>;
  /** Responses per operation and HTTP status, e.g. `byOperationStatus['goods/Get'][200]`. */
  byOperationStatus: Record<string, Record<number, number>>;
  /** Injected faults by kind. */
  faults: { fail: number; rateLimited: number; reset: number; truncate: number };
  /** Requests being served and waiting for a worker (see the `capacity` option). */
  load: LoadStats;
}

export interface LoadStats {
  /** Requests being served now (a live count, kept by `resetStats`). */
  inService: number;
  /** Most requests served at once; never above `capacity`. */
  peakInService: number;
  /** Requests waiting for a worker now (a live count, kept by `resetStats`). */
  waiting: number;
  /** Most requests waiting at once. */
  peakWaiting: number;
  /** Requests that had to wait for a worker. */
  queued: number;
  /** Requests whose service ended (answered, or broken off while being served). */
  served: number;
}

export function createStats(): EmulatorStats {
  return {
    total: 0,
    connections: 0,
    byOperation: {},
    byStatus: {},
    byOperationStatus: {},
    faults: { fail: 0, rateLimited: 0, reset: 0, truncate: 0 },
    load: { inService: 0, peakInService: 0, waiting: 0, peakWaiting: 0, queued: 0, served: 0 },
  };
}

export function resetStats(stats: EmulatorStats): void {
  stats.total = 0;
  stats.connections = 0;
  stats.byOperation = {};
  stats.byStatus = {};
  stats.byOperationStatus = {};
  stats.faults = { fail: 0, rateLimited: 0, reset: 0, truncate: 0 };
  // The live counts stay: requests being served or waiting now will still finish.
  const { inService, waiting } = stats.load;
  Object.assign(stats.load, { peakInService: inService, peakWaiting: waiting, queued: 0, served: 0 });
}

/** Counts one answer of `operation` with `status`. */
export function countAnswer(stats: EmulatorStats, operation: string, status: number): void {
  const counts = stats.byOperationStatus[operation] ?? {};
  counts[status] = (counts[status] ?? 0) + 1;
  stats.byOperationStatus[operation] = counts;
}

/** The requests so far on one line: `5 requests: goods/Get 3 (200 ×2, 404 ×1), meta/Get 2 (200 ×2)`. */
export function describeRequests(stats: EmulatorStats): string {
  const operations = Object.entries(stats.byOperationStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, counts]) => {
      const statuses = Object.entries(counts).map(([status, n]) => `${status} ×${n}`);
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      return `${operation} ${total} (${statuses.join(', ')})`;
    });
  const total = `${stats.total} request${stats.total === 1 ? '' : 's'}`;
  return operations.length === 0 ? total : `${total}: ${operations.join(', ')}`;
}
