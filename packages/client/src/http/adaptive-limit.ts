/**
 * The maths of the client's adaptive concurrency limit: no I/O, an injectable clock. Two signals
 * move it, as in TCP congestion control:
 * - **Latency** (TCP Vegas, Netflix's `Gradient2Limit`, Envoy's adaptive concurrency): each operation
 *   has a no-load latency, measured by a probe at a few requests in flight. Each round's gradient
 *   `g = p90(flat / rtt)` (floored at 0.5) estimates the service's queue, `limit × (1 − g)`; the
 *   limit aims at a queue of `√limit` (a little queueing keeps every worker busy), so it settles a
 *   little above `C + √C` against a service serving `C` at once, and grows to `max` if none queues.
 * - **Push-back** (AIMD): a 429 or 503 halves the limit once per burst; afterwards growth is +1 a
 *   round, so a service that said "too much" is approached slowly.
 * - **Slow start** (as TCP's): until a round first sees a queue, or a 429/503 arrives, each round used
 *   in full with latency flat doubles the limit, so a service that keeps up gets the whole allowance
 *   within a few round trips instead of a ramp of `√limit` a round. A queue in the first round does
 *   not end slow start by itself: new connections and a service's cold code answer the first
 *   requests late. The limit holds for one more round, on warm connections: flat there, slow start
 *   doubles on with no probe (answers flat at the start are the no-load latency; a probe would hold
 *   the limit at 4 for two round trips for nothing); a queue there too takes the first no-load
 *   probe, and the round after it, back at the limit, judges against the probed latency: a queue
 *   there (a service of fewer workers) ends slow start; flat answers let it double on. The periodic
 *   probe follows 15 s after the start's rounds end (the first, or the one that held the limit).
 * - **Latency is the socket's**: a sample is timed from when its request went onto a connected
 *   socket, so a connect or a wait inside the pool is not read as the service's queue.
 * A round is `max(limit, 8)` answers to requests sent since the last change (older ones describe an
 * older limit). The limit stays within 1..`max` and grows only when a round used it in full.
 */

/** One successful attempt, as the limit sees it. */
export interface LatencySample {
  /** Latency is compared with the no-load latency of the same operation (a listing is slower than a look-up). */
  operation: string;
  /** When the request was sent, on the limit's clock (ms). */
  sentAt: number;
  /** The HTTP exchange only, from the request on a connected socket: not the wait for a slot, the back-off gate or a connect (ms). */
  rttMs: number;
  /** Requests in flight when this one was sent, itself included. */
  inFlight: number;
}

export interface AdaptiveLimitSettings {
  /** Where the limit starts (the `concurrency` option). */
  initial: number;
  /** The ceiling the limit never exceeds (the `maxConcurrency` option). */
  max: number;
  /** `false`: only 429/503 lower the limit; each `limit` successes raise it by 1, up to `max`. */
  latency: boolean;
  /** Clock in ms (performance.now() by default); tests pass their own. */
  now?: () => number;
}

/** Fewest answers a round needs, so one slow or fast answer cannot move the limit alone. */
const MIN_ROUND_SAMPLES = 8;
/** Answers per operation whose second fastest is a candidate no-load latency. */
const BASELINE_BLOCK = 10;
/** The gradient's quantile, the no-load latency's: answers spread widely when idle are not congestion. */
const ROUND_QUANTILE = 0.9;
/** Slow start's quantile: three answers in four must be flat, so a staircase of queued answers stops it. */
const SLOW_START_QUANTILE = 0.25;
/** Latency alone never cuts more than a quarter a round: halving is the 429/503 rule. */
const GRADIENT_FLOOR = 0.5;
/** A longer queue than allowed lowers the limit by this share of the excess each round. */
const DECREASE_SMOOTHING = 0.5;
/** Latency within this share of the no-load latency (or 1 ms) is flat: timers and jitter are no queue. */
const FLAT_TOLERANCE = 0.1;
const FLAT_TOLERANCE_MIN_MS = 1;
/** The no-load probe (as Envoy's): at most this many in flight, until this many answers arrived. */
const PROBE_LIMIT = 4;
const PROBE_SAMPLES = 8;
/** Time between no-load probes, so the no-load latency follows a service that got slower (ms). */
const PROBE_INTERVAL_MS = 15_000;

/**
 * How a round used in full with latency flat raises the limit. It only moves down the list: a round
 * that sees a queue ends slow start, and a 429/503 makes the limit cautious for good.
 */
type Growth =
  /** Slow start: the limit doubles. */
  | 'doubling'
  /** Up to the allowance `√limit` less the queue seen. */
  | 'gradient'
  /** Since the first 429/503: +1 a round at most. */
  | 'by-one';

/** One answer of a no-load probe. */
interface ProbeAnswer {
  operation: string;
  rttMs: number;
}

/** Where the limit is in its cycle of rounds and probes; what ends a round depends on it. */
type Phase =
  /** No round has ended yet (slow start): a queue in it is judged again by the next (`warming`). */
  | { readonly kind: 'first-round' }
  /**
   * The round after a first round that queued, at the same limit: flat, slow start goes on without a
   * probe (the first round's lateness was the start's); queued again, the no-load probe decides.
   */
  | { readonly kind: 'warming' }
  /** A no-load probe: the limit held at a few requests until its answers came; `restore` is the estimate to go back to. */
  | {
      readonly kind: 'probing';
      readonly growth: Growth;
      readonly restore: number;
      readonly answers: ProbeAnswer[];
    }
  /** The round after a probe only refills the queue: its first answers find idle workers, so it moves nothing. */
  | { readonly kind: 'refilling'; readonly growth: Growth; readonly nextProbeAt: number }
  /**
   * Rounds judged by their gradient. `previousGradient` is the last round's (1: no queue; a probe or a
   * 429/503 starts afresh); `nextProbeAt` is when a round ends in a probe instead.
   */
  | {
      readonly kind: 'tracking';
      readonly growth: Growth;
      readonly nextProbeAt: number;
      readonly previousGradient: number;
    };

type Tracking = Extract<Phase, { kind: 'tracking' }>;

/** The answers counted towards the current round: only requests sent since `start` describe the limit in force. */
interface Round {
  readonly start: number;
  /** Each answer's `flat / rtt`, at most 1. */
  readonly ratios: number[];
  /** The most requests in flight any of its answers saw when sent. */
  maxInFlight: number;
}

/** A `nextProbeAt` already passed: the next round ends in a probe (after a probe or a first round a 429/503 cut short). */
const PROBE_NEXT = Number.NEGATIVE_INFINITY;

export class AdaptiveLimit {
  readonly max: number;
  readonly latency: boolean;
  readonly now: () => number;
  #estimate: number;
  #phase: Phase = { kind: 'first-round' };
  #round: Round;

  /** No-load latency per operation (ms). */
  readonly #noLoad = new Map<string, number>();
  /** Latest answers per operation not yet folded into its no-load latency. */
  readonly #blocks = new Map<string, number[]>();
  /** Successes towards the next +1 (`latency: false` only). */
  #successes = 0;
  /** The last decrease: when it happened (requests sent before it are its burst) and when its Retry-After ends. */
  #lastDecrease = { at: Number.NEGATIVE_INFINITY, windowEnd: Number.NEGATIVE_INFINITY };

  constructor(settings: AdaptiveLimitSettings) {
    this.max = Math.max(1, Math.floor(settings.max));
    this.latency = settings.latency;
    this.now = settings.now ?? (() => performance.now());
    this.#estimate = clamp(settings.initial, 1, this.max);
    this.#round = { start: this.now(), ratios: [], maxInFlight: 0 };
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
    return this.#phase.kind === 'probing';
  }

  /** A successful answer. Returns whether the limit changed. */
  success(sample: LatencySample): boolean {
    if (!this.latency) return this.#additiveStep();
    const rtt = Math.max(sample.rttMs, Number.MIN_VALUE);
    const noLoad = this.#observe(sample.operation, rtt);
    const round = this.#round;
    if (sample.sentAt < round.start) return false;
    const phase = this.#phase;
    if (phase.kind === 'probing')
      return this.#probeAnswer(phase, { operation: sample.operation, rttMs: rtt });

    const flat = noLoad + Math.max(noLoad * FLAT_TOLERANCE, FLAT_TOLERANCE_MIN_MS);
    round.ratios.push(Math.min(1, flat / rtt));
    round.maxInFlight = Math.max(round.maxInFlight, sample.inFlight);
    if (round.ratios.length < Math.max(MIN_ROUND_SAMPLES, this.limit)) return false;
    return this.#endRound(phase);
  }

  /**
   * A 429/503 to a request sent at `sentAt`, with its `Retry-After`. Halves the limit once per burst:
   * requests sent before the last decrease, or answers within its `Retry-After`, are the same burst.
   */
  congestion(sentAt: number, retryAfterMs: number | undefined): boolean {
    const t = this.now();
    if (sentAt < this.#lastDecrease.at || t < this.#lastDecrease.windowEnd) return false;
    this.#lastDecrease = { at: t, windowEnd: t + (retryAfterMs ?? 0) };
    this.#successes = 0;
    const before = this.limit;
    const phase = this.#phase;
    // A probe under way is called off, and the next round ends in a probe again; the halving applies
    // to the limit it would have gone back to. The first round, cut short, leaves its probe to the next.
    const from = Math.floor(phase.kind === 'probing' ? phase.restore : this.#estimate);
    this.#phase =
      phase.kind === 'refilling'
        ? { ...phase, growth: 'by-one' }
        : {
            kind: 'tracking',
            growth: 'by-one',
            nextProbeAt: phase.kind === 'tracking' ? phase.nextProbeAt : PROBE_NEXT,
            previousGradient: 1,
          };
    this.#set(Math.max(1, Math.floor(from / 2)));
    return this.limit !== before;
  }

  /**
   * Folds an answer into the operation's no-load latency: the lowest second-fastest of each block, so
   * one freak answer cannot set it; the first answers, which found the service idle, set it at once.
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

  #endRound(phase: Exclude<Phase, { kind: 'probing' }>): boolean {
    switch (phase.kind) {
      case 'first-round':
        // A queue in the first round may be the service warming up (new connections, cold code)
        // rather than its capacity: the next round, at the same limit, tells which.
        if (this.#queued()) {
          this.#phase = { kind: 'warming' };
          this.#set(this.#estimate);
          return false;
        }
        return this.#startTracking();
      case 'warming':
        // Queued again: the probe measures the no-load latency, and the round after it (which
        // refills the queue at the limit) decides whether slow start goes on.
        if (this.#queued()) return this.#startProbe('doubling');
        return this.#startTracking();
      case 'refilling': {
        if (this.now() >= phase.nextProbeAt) return this.#startProbe(phase.growth);
        const growth = this.#slowStartEnds(phase.growth) ? 'gradient' : phase.growth;
        this.#phase = { kind: 'tracking', growth, nextProbeAt: phase.nextProbeAt, previousGradient: 1 };
        this.#set(this.#estimate);
        return false;
      }
      case 'tracking':
        if (this.now() >= phase.nextProbeAt) return this.#startProbe(phase.growth);
        return this.#judge(phase);
    }
  }

  /** The start's last round judged as slow start's first; the periodic probe comes 15 s from now. */
  #startTracking(): boolean {
    return this.#judge({
      kind: 'tracking',
      growth: 'doubling',
      nextProbeAt: this.now() + PROBE_INTERVAL_MS,
      previousGradient: 1,
    });
  }

  /** A round judged by its gradient: two in a row that queued lower the limit; one used in full without a queue raises it. */
  #judge({ growth, nextProbeAt, previousGradient }: Tracking): boolean {
    const slowStartEnded = this.#slowStartEnds(growth);
    const before = this.limit;
    const limit = this.#estimate;
    const gradient = Math.max(GRADIENT_FLOOR, quantile(this.#round.ratios, ROUND_QUANTILE));
    const allowance = Math.sqrt(limit);
    const queue = limit * (1 - gradient);
    // A decrease needs two rounds in a row that saw a queue (the milder of the two counts): one round
    // of late answers, a GC pause or a busy machine descheduling a process, is not a queue.
    const lasting = limit * (1 - Math.max(gradient, previousGradient));
    const used = this.#round.maxInFlight >= before;
    const next: Growth = growth === 'doubling' && (slowStartEnded || queue > allowance) ? 'gradient' : growth;
    let estimate = limit;
    if (lasting > allowance) estimate = limit - DECREASE_SMOOTHING * (lasting - allowance);
    else if (queue <= allowance && used)
      estimate =
        next === 'doubling'
          ? limit * 2
          : limit + Math.min(next === 'by-one' ? 1 : allowance, allowance - queue);
    this.#phase = { kind: 'tracking', growth: next, nextProbeAt, previousGradient: gradient };
    this.#set(estimate);
    return this.limit !== before;
  }

  /**
   * Whether this round ends slow start. Slow start asks more of a round than growth does: three answers
   * in four flat, not only the p90 (a burst into a service of fewer workers comes back as a staircase
   * whose p90 looks idle).
   */
  #slowStartEnds(growth: Growth): boolean {
    return growth === 'doubling' && this.#queued();
  }

  /** Whether this round's answers (three in four) show a queue longer than the limit allows (`√limit`). */
  #queued(): boolean {
    const gradient = Math.max(GRADIENT_FLOOR, quantile(this.#round.ratios, SLOW_START_QUANTILE));
    return this.#estimate * (1 - gradient) > Math.sqrt(this.#estimate);
  }

  /**
   * Holds the limit at a few requests for about two round trips, so their answers show the latency of
   * an unqueued service: without it the limit could not find a capacity below where it started.
   */
  #startProbe(growth: Growth): boolean {
    const before = this.limit;
    this.#phase = { kind: 'probing', growth, restore: this.#estimate, answers: [] };
    this.#set(Math.min(this.#estimate, PROBE_LIMIT));
    return this.limit !== before;
  }

  #probeAnswer(probe: Extract<Phase, { kind: 'probing' }>, answer: ProbeAnswer): boolean {
    probe.answers.push(answer);
    if (probe.answers.length < PROBE_SAMPLES) return false;
    // The probe's answers replace the no-load latency, so it can also rise (a service that got slower).
    for (const [operation, rtts] of rttsByOperation(probe.answers))
      this.#noLoad.set(operation, secondFastest(rtts));
    this.#blocks.clear();
    this.#phase = { kind: 'refilling', growth: probe.growth, nextProbeAt: this.now() + PROBE_INTERVAL_MS };
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
    this.#round = { start: this.now(), ratios: [], maxInFlight: 0 };
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

/** The probe's round trips grouped by operation. */
function rttsByOperation(answers: readonly ProbeAnswer[]): Map<string, number[]> {
  const byOperation = new Map<string, number[]>();
  for (const { operation, rttMs } of answers) {
    const rtts = byOperation.get(operation) ?? [];
    byOperation.set(operation, rtts);
    rtts.push(rttMs);
  }
  return byOperation;
}

/** The value below which a share `q` of `values` lies (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
