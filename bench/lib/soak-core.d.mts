// Types of soak-core.mjs for test/soak.test.ts.
export interface SoakFaults {
  latencyMs?: number;
  failRate?: number;
  rateLimit?: number;
  resetRate?: number;
  truncateRate?: number;
  seed?: number;
}
export interface AttemptCounts {
  attempts: number;
  ok: number;
  status: Record<string, number>;
  errors: number;
}
export interface RetryCounts {
  retries: number;
  reasons: Record<string, number>;
  maxDelayMs: number;
}
export interface EmulatorStatsSnapshot {
  total: number;
  byOperation: Record<string, number>;
  byStatus: Record<string, number>;
  faults: { fail: number; rateLimited: number; reset: number; truncate: number };
}
export interface SoakResult {
  products: number;
  catalog: { products: number; sections: number; articles: number; modsPerProduct: number; seed: number };
  faults: SoakFaults;
  equal: boolean;
  difference: string | undefined;
  entries: { clean: number; faulty: number };
  perCollection: Record<
    string,
    { written: number; unchanged: number; deleted: number; parsed: number; entries: number }
  >;
  elapsedMs: { clean: number; faulty: number; total: number };
  server: { clean: EmulatorStatsSnapshot; faulty: EmulatorStatsSnapshot };
  attempts: { clean: Record<string, AttemptCounts>; faulty: Record<string, AttemptCounts> };
  retries: Record<string, RetryCounts>;
  warnings: string[];
}
export const COLLECTIONS: string[];
export const SOAK_FAULTS: SoakFaults;
export function runSoak(opts: {
  products: number;
  faults?: SoakFaults;
  collections?: string[];
  timeoutMs?: number;
  log?: (message: string) => void;
}): Promise<SoakResult>;
export function soakMarkdown(result: SoakResult): string;
