import { createRandom } from './prng.js';

/** Fault injection settings; all rates are probabilities from 0 to 1. */
export interface FaultOptions {
  /** Delay before every response, in ms. @default 0 */
  latencyMs?: number;
  /** Uniform jitter around `latencyMs` (± this many ms). @default 0 */
  jitterMs?: number;
  /** Share of requests answered 503 with `Retry-After`. @default 0 */
  failRate?: number;
  /** Requests per second allowed; the rest of each second gets 429 with `Retry-After`. @default unlimited */
  rateLimit?: number;
  /** Share of requests answered 429 with `Retry-After: 1`, whatever the request rate. @default 0 */
  throttleRate?: number;
  /** Share of responses whose connection is reset after part of the body. @default 0 */
  resetRate?: number;
  /** Share of responses cut short: `Content-Length` promises more, then the socket ends. @default 0 */
  truncateRate?: number;
  /** Seed of the fault schedule: the n-th request gets the same fate on every run. @default 1 */
  seed?: number;
}

export interface FaultDecision {
  delayMs: number;
  throttle: boolean;
  fail: boolean;
  reset: boolean;
  truncate: boolean;
}

const NONE: FaultDecision = { delayMs: 0, throttle: false, fail: false, reset: false, truncate: false };

/**
 * Deterministic faults: each request draws the same four numbers from one seeded PRNG in arrival
 * order (a fifth only with `throttleRate`, so older schedules stay as they were).
 */
export class Faults {
  readonly options: Readonly<FaultOptions>;
  readonly #random: () => number;
  #window = -1;
  #inWindow = 0;

  constructor(options: FaultOptions = {}) {
    this.options = options;
    this.#random = createRandom(options.seed ?? 1);
  }

  decide(): FaultDecision {
    const { latencyMs = 0, jitterMs = 0, failRate = 0, resetRate = 0, truncateRate = 0 } = this.options;
    const throttleRate = this.options.throttleRate ?? 0;
    if (!latencyMs && !jitterMs && !failRate && !resetRate && !truncateRate && !throttleRate) return NONE;
    const jitter = (this.#random() * 2 - 1) * jitterMs;
    const fail = this.#random() < failRate;
    const reset = this.#random() < resetRate;
    const truncate = this.#random() < truncateRate;
    const throttle = throttleRate > 0 && this.#random() < throttleRate;
    return {
      delayMs: Math.max(0, Math.round(latencyMs + jitter)),
      throttle,
      fail: fail && !throttle,
      reset,
      truncate: truncate && !reset,
    };
  }

  /** Fixed one-second windows: returns `Retry-After` seconds when this request is over the limit. */
  rateLimited(nowMs = Date.now()): number | undefined {
    const limit = this.options.rateLimit;
    if (limit === undefined || limit <= 0) return undefined;
    const window = Math.floor(nowMs / 1000);
    if (window !== this.#window) {
      this.#window = window;
      this.#inWindow = 0;
    }
    if (this.#inWindow >= limit) return 1;
    this.#inWindow++;
    return undefined;
  }
}

/** Parses `MS`, `MS±JITTER` or `MS+-JITTER` (CLI `--latency`). */
export function parseLatency(text: string): { latencyMs: number; jitterMs: number } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:(?:±|\+-|\+\/-)\s*(\d+(?:\.\d+)?))?\s*$/.exec(text);
  if (!match) throw new Error(`--latency: expected MS or MS±JITTER, got "${text}"`);
  return { latencyMs: Number(match[1]), jitterMs: Number(match[2] ?? 0) };
}
