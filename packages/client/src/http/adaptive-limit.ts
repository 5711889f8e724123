/**
 * The maths of the client's adaptive concurrency limit, with no I/O and an injectable clock
 * (the README's "Concurrency" section says the same for users).
 *
 * Two signals move the limit, the way TCP congestion control does:
 * - **Latency** (TCP Vegas; Netflix's `VegasLimit` / `Gradient2Limit`; Envoy's adaptive concurrency
 *   filter): each operation has a no-load latency, measured by a probe at a few requests in flight.
 *   Once per round the round's gradient `g = p90(flat / rtt)`, floored at 0.5 (`flat` is the no-load
 *   latency plus a tolerance), estimates how many requests wait in the service's queue:
 *   `queue = limit × (1 − g)`. The limit aims at that queue being `√limit` (the queue-size allowance: a
 *   little queueing keeps every worker of the service busy): a shorter queue raises it by the
 *   difference (at most `√limit` a round, or 1 after a 429/503), a longer one lowers it by half the
 *   excess. So against a service that serves `C` requests at once the limit settles a little above
 *   `C + √C`, and against one that never queues it grows to `max`.
 * - **Push-back** (AIMD): a 429 or 503 halves the limit, at most once per congestion burst. After one,
 *   growth is additive only (+1 a round, TCP's congestion avoidance): a service that said "too much"
 *   is approached slowly, and latency may still lower the limit.
 *
 * A round collects the answers to requests sent since the last change of the limit, until it has
 * `max(limit, 8)` of them: answers to older requests describe an older limit and would make the limit
 * react twice. The limit never exceeds `max`, never drops below 1, and grows only when the round saw it
 * used in full (a caller with five calls in flight says nothing about whether 50 would be fine).
 */

/** One successful attempt, as the limit sees it. */
export interface LatencySample {
  /** Latency is compared with the no-load latency of the same operation (a listing is slower than a look-up). */
  operation: string;
  /** When the request was sent, on the limit's clock (ms). */
  sentAt: number;
  /** The HTTP exchange only: not the wait for a slot or for the back-off gate (ms). */
  rttMs: number;
  /** Requests in flight when this one was sent, itself included. */
  inFlight: number;
}

export interface AdaptiveLimitSettings {
  /** Where the limit starts (the `concurrency` option). */
  initial: number;
  /** The ceiling the limit never exceeds (the `maxConcurrency` option). */
  max: number;
  /**
   * `false`: latency does not move the limit; only 429/503 lower it, and each `limit` successes raise
   * it by 1 back up to `max` (the client's behaviour before latency was measured).
   */
  latency: boolean;
  /** Clock in ms (performance.now() by default); tests pass their own. */
  now?: () => number;
}

/** Fewest answers a round needs, so one slow or fast answer cannot move the limit alone. */
const MIN_ROUND_SAMPLES = 8;
/** Answers per operation whose second fastest is a candidate no-load latency. */
const BASELINE_BLOCK = 10;
/**
 * A round's gradient is taken among its faster answers (its 90th percentile of `noLoad / rtt`), the
 * same low quantile the no-load latency is taken from: a service whose answers spread from 10 to 30 ms
 * when idle is not congested because half of them take over 20 ms.
 */
const ROUND_QUANTILE = 0.9;
/**
 * Latency alone never reads more than half of the limit as queued (so it never cuts more than a
 * quarter a round): one round of freak answers cannot collapse it; halving is the 429/503 rule.
 */
const GRADIENT_FLOOR = 0.5;
/** A longer queue than allowed lowers the limit by this share of the excess each round. */
const DECREASE_SMOOTHING = 0.5;
/**
 * Latency within this share of the no-load latency (or 1 ms, for fast local services) counts as
 * flat: timers, event-loop turns and the service's own jitter are not a queue.
 */
const FLAT_TOLERANCE = 0.1;
const FLAT_TOLERANCE_MIN_MS = 1;
/**
 * The no-load probe: at most this many requests in flight, until this many answers to requests sent
 * during it have arrived (about two round trips). Envoy's adaptive concurrency filter measures its
 * minimum latency the same way, at 3 in flight.
 */
const PROBE_LIMIT = 4;
const PROBE_SAMPLES = 8;
/** Time between no-load probes, so the no-load latency follows a service that got slower (ms). */
const PROBE_INTERVAL_MS = 15_000;

export class AdaptiveLimit {
  readonly max: number;
  readonly latency: boolean;
  readonly now: () => number;
  #estimate: number;

  /** No-load latency per operation (ms). */
  readonly #noLoad = new Map<string, number>();
  /** Latest answers per operation not yet folded into its no-load latency. */
  readonly #blocks = new Map<string, number[]>();
  /** Start of the current round: answers to requests sent before it are not counted in it. */
  #roundStart: number;
  #ratios: number[] = [];
  #roundMaxInFlight = 0;
  /** Since the first 429/503: growth is +1 a round at most. */
  #cautious = false;
  /** The last round's gradient (1: no queue; a probe or a 429/503 starts afresh). */
  #lastGradient = 1;
  /** A no-load probe under way: the estimate to go back to and the answers so far, per operation. */
  #probe: { restore: number; rtts: Map<string, number[]>; count: number } | undefined;
  /** When the next round ends in a probe instead (the first round always does). */
  #nextProbeAt = Number.NEGATIVE_INFINITY;
  /**
   * The round right after a probe only lets the queue form again: the limit jumps back up at once,
   * and the first of that burst find idle workers, which would read as "no queue".
   */
  #settling = false;
  /** Successes towards the next +1 (`latency: false` only). */
  #successes = 0;

  /** When the last decrease happened; requests sent before it are its burst. */
  #decreasedAt = Number.NEGATIVE_INFINITY;
  /** End of the last decrease's Retry-After window. */
  #windowEnd = Number.NEGATIVE_INFINITY;

  constructor(settings: AdaptiveLimitSettings) {
    this.max = Math.max(1, Math.floor(settings.max));
    this.latency = settings.latency;
    this.now = settings.now ?? (() => performance.now());
    this.#estimate = clamp(settings.initial, 1, this.max);
    this.#roundStart = this.now();
  }

  /** The limit in force: a whole number, 1 ≤ limit ≤ max. */
  get limit(): number {
    return Math.floor(this.#estimate);
  }

  /** The no-load latency of `operation` (ms), once answers have been seen. */
  noLoadRtt(operation: string): number | undefined {
    return this.#noLoad.get(operation);
  }

  /** Whether a no-load probe holds the limit low right now. */
  get probing(): boolean {
    return this.#probe !== undefined;
  }

  /** A successful answer. Returns whether the limit changed. */
  success(sample: LatencySample): boolean {
    if (!this.latency) return this.#additiveStep();
    const rtt = Math.max(sample.rttMs, Number.MIN_VALUE);
    const noLoad = this.#observe(sample.operation, rtt);
    if (sample.sentAt < this.#roundStart) return false;
    if (this.#probe) return this.#probeSample(sample.operation, rtt);

    const flat = noLoad + Math.max(noLoad * FLAT_TOLERANCE, FLAT_TOLERANCE_MIN_MS);
    this.#ratios.push(Math.min(1, flat / rtt));
    this.#roundMaxInFlight = Math.max(this.#roundMaxInFlight, sample.inFlight);
    if (this.#ratios.length < Math.max(MIN_ROUND_SAMPLES, this.limit)) return false;
    return this.#endRound();
  }

  /**
   * A 429/503 answer to a request sent at `sentAt`; `retryAfterMs` is its `Retry-After`, if any.
   * Halves the limit (min 1) at most once per congestion event: answers to requests sent before the
   * last decrease, or arriving while that decrease's `Retry-After` window is still open, are the same
   * burst. Returns whether the limit was lowered.
   */
  congestion(sentAt: number, retryAfterMs: number | undefined): boolean {
    const t = this.now();
    if (sentAt < this.#decreasedAt || t < this.#windowEnd) return false;
    this.#decreasedAt = t;
    this.#windowEnd = t + (retryAfterMs ?? 0);
    this.#cautious = true;
    this.#successes = 0;
    const before = this.limit;
    // A probe under way is called off: the halving applies to the limit it would have gone back to.
    const from = Math.floor(this.#probe?.restore ?? this.#estimate);
    this.#probe = undefined;
    this.#lastGradient = 1;
    this.#set(Math.max(1, Math.floor(from / 2)));
    return this.limit !== before;
  }

  /**
   * Folds an answer into its operation's no-load latency: the second fastest of each block of
   * answers, the lowest such value seen. A single freak answer (a cached one) cannot set it; the very
   * first answers, which found the service idle, set it at once.
   */
  #observe(operation: string, rtt: number): number {
    const block = this.#blocks.get(operation) ?? [];
    this.#blocks.set(operation, block);
    block.push(rtt);
    const known = this.#noLoad.get(operation);
    if (block.length >= BASELINE_BLOCK || known === undefined) {
      const candidate = secondFastest(block);
      if (block.length >= BASELINE_BLOCK) block.length = 0;
      if (known === undefined || candidate < known) this.#noLoad.set(operation, candidate);
    }
    return this.#noLoad.get(operation)!;
  }

  #endRound(): boolean {
    if (this.now() >= this.#nextProbeAt) return this.#startProbe();
    const before = this.limit;
    if (this.#settling) {
      this.#settling = false;
      this.#set(this.#estimate);
      return false;
    }
    const limit = this.#estimate;
    const gradient = Math.max(GRADIENT_FLOOR, quantile(this.#ratios, ROUND_QUANTILE));
    const previous = this.#lastGradient;
    this.#lastGradient = gradient;
    const allowance = Math.sqrt(limit);
    const queue = limit * (1 - gradient);
    // A decrease needs two rounds in a row that saw a queue (the milder of the two counts): one round
    // of late answers, a GC pause or a busy machine descheduling a process, is not a queue.
    const lasting = limit * (1 - Math.max(gradient, previous));
    const used = this.#roundMaxInFlight >= before;
    let next = limit;
    if (lasting > allowance) next = limit - DECREASE_SMOOTHING * (lasting - allowance);
    else if (queue <= allowance && used)
      next = limit + Math.min(this.#cautious ? 1 : allowance, allowance - queue);
    this.#set(next);
    return this.limit !== before;
  }

  /**
   * Holds the limit at a few requests for about two round trips, so their answers show the latency of
   * a service with no queue. Without it the limit could not find a capacity below where it started:
   * every answer would already be queued, and the first answers also pay for new connections.
   */
  #startProbe(): boolean {
    const before = this.limit;
    this.#probe = { restore: this.#estimate, rtts: new Map(), count: 0 };
    this.#set(Math.min(this.#estimate, PROBE_LIMIT));
    return this.limit !== before;
  }

  #probeSample(operation: string, rtt: number): boolean {
    const probe = this.#probe!;
    const rtts = probe.rtts.get(operation) ?? [];
    probe.rtts.set(operation, rtts);
    rtts.push(rtt);
    if (++probe.count < PROBE_SAMPLES) return false;
    // The probe's answers replace the no-load latency, so it can also rise (a service that got slower).
    for (const [op, values] of probe.rtts) this.#noLoad.set(op, secondFastest(values));
    this.#blocks.clear();
    this.#probe = undefined;
    this.#nextProbeAt = this.now() + PROBE_INTERVAL_MS;
    this.#settling = true;
    this.#lastGradient = 1;
    const before = this.limit;
    this.#set(probe.restore);
    return this.limit !== before;
  }

  /** `latency: false`: +1 for every `limit` successes, back up to `max`. */
  #additiveStep(): boolean {
    if (this.limit >= this.max) {
      this.#successes = 0;
      return false;
    }
    if (++this.#successes < this.limit) return false;
    this.#successes = 0;
    this.#estimate = Math.min(this.max, this.limit + 1);
    return true;
  }

  /** A new estimate, and a new round: only requests sent from now on describe it. */
  #set(estimate: number): void {
    this.#estimate = clamp(estimate, 1, this.max);
    this.#roundStart = this.now();
    this.#ratios = [];
    this.#roundMaxInFlight = 0;
  }
}

function clamp(n: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, n));
}

/** The second lowest of `values` (the only one when there is one). */
function secondFastest(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(1, sorted.length - 1)]!;
}

/** The value below which a share `q` of `values` lies (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
