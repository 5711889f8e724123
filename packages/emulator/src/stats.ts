/** Request counters, updated live while the emulator runs. */
export interface EmulatorStats {
  /** Every request that reached the server. */
  total: number;
  /**
   * TCP connections accepted (the server's 'connection' events). With keep-alive working, a client
   * opens about as many as it has requests in flight at once, not one per request.
   */
  connections: number;
  /** Requests per operation, e.g. `byOperation['meta/Set']`. */
  byOperation: Record<string, number>;
  /** Responses per HTTP status sent (a reset or truncated response counts under its status). */
  byStatus: Record<number, number>;
  /** Injected faults by kind. */
  faults: { fail: number; rateLimited: number; reset: number; truncate: number };
}

export function createStats(): EmulatorStats {
  return {
    total: 0,
    connections: 0,
    byOperation: {},
    byStatus: {},
    faults: { fail: 0, rateLimited: 0, reset: 0, truncate: 0 },
  };
}

export function resetStats(stats: EmulatorStats): void {
  stats.total = 0;
  stats.connections = 0;
  stats.byOperation = {};
  stats.byStatus = {};
  stats.faults = { fail: 0, rateLimited: 0, reset: 0, truncate: 0 };
}
