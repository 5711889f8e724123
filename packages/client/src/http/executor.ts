/**
 * Runs one operation: back-off gate → concurrency slot → one HTTP attempt → interpretation, in
 * p-retry. Each answer feeds the adaptive limit (a 429/503 halves it; a success reports its HTTP time).
 * `Retry-After` on a 429 closes the shared gate (the rate limit is the client's); on a 503 it delays
 * only that request's retry: a 503 is often one backend's, and freezing every collection for each
 * made loads under random 503s crawl. The halved limit still slows the whole client.
 */

import pRetry, { AbortError } from 'p-retry';
import { sha256Base64url } from '#runtime';
import { isSiteContentError } from '../errors/guards.js';
import type { HttpStatusError } from '../errors/http-status-error.js';
import { TimeoutError } from '../errors/transport-errors.js';
import { AbortScope } from './abort-scope.js';
import { type BackoffGate, sleep } from './backoff-gate.js';
import type { ConcurrencyBound } from './concurrency.js';
import { type EncodedRequest, encodeRequest, type OperationInput, type ParamEncoding } from './encode.js';
import { interpretResponse } from './interpret.js';
import type { OperationName } from './operations.js';
import { type LoggedAttempt, requestLogLine } from './request-log.js';
import { isCongestionStatus, isGateStatus, isRetryable } from './retry.js';
import type { Transport } from './transport.js';

/** Sent to `onRetry` before each retry wait. */
export interface RetryEvent {
  operation: OperationName;
  /** The attempt that failed (1-based). */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** The failure, e.g. `HTTP 503` or `network ECONNRESET` (never the key). */
  reason: string;
  /** Whether every request of the client waits too (a 429's `Retry-After` closed the shared gate). */
  clientPaused: boolean;
}

/** Sent to `onRequest` after every attempt; `status` is 0 when no HTTP answer arrived. */
export interface RequestEvent extends LoggedAttempt {
  operation: OperationName;
  /** The adaptive concurrency limit in force after this attempt. */
  concurrencyLimit: number;
  /** The ceiling of that limit (the `maxConcurrency` option; `concurrency` when not adaptive). */
  maxConcurrency: number;
}

/** What a call's answer carries besides its rows. */
export interface CallAnswer {
  rows: unknown[];
  /** The request URL with `key=***`. */
  url: string;
  /** SHA-256 of the body as the service sent it (base64url), when the call asked for it. */
  bodyDigest?: string;
}

/** What ends a call early: its signals and its own deadline. */
export interface CallLimits {
  /** The call's and the client's signals (either may be absent). */
  signals: readonly (AbortSignal | undefined)[];
  /** Deadline of the whole call (slot, attempts, retry waits) in ms. */
  timeoutMs?: number | undefined;
  /** Digest the body of the answer that succeeds (`bodyDigest`): a read that tells an unchanged answer. */
  digestBody?: boolean;
  /** With `digestBody`: a 2xx answer whose body has this digest is parsed only when its rows are read. */
  knownBodyDigest?: string | undefined;
}

export interface ExecutorSettings {
  origin: string;
  pathPrefix: string;
  /** `baseUrl` without a trailing slash, for building the (redacted) URLs shown in errors. */
  baseUrl: string;
  apiKey: string;
  sid: number;
  paramEncoding: ParamEncoding;
  retries: number;
  retryBaseDelayMs: number;
  maxRetryTimeMs: number;
  onRetry?: ((e: RetryEvent) => void) | undefined;
  onRequest?: ((e: RequestEvent) => void) | undefined;
  /** Gets one line per attempt (`requestLogLine`): what `SITECONTENT_DEBUG=1` prints. */
  requestLog?: ((line: string) => void) | undefined;
}

/** What every attempt of one call shares; `retryNotBefore` is what an attempt leaves for the next. */
interface AttemptContext {
  readonly op: OperationName;
  readonly req: EncodedRequest;
  /** The request URL with `key=***`. */
  readonly shownUrl: string;
  /** The call's signal: the caller's, the client's and the call's deadline. */
  readonly signal: AbortSignal;
  /** Digest the body of the answer that succeeds (`bodyDigest`). */
  readonly digestBody: boolean;
  /** A 2xx body with this digest is parsed only when its rows are read (`CallLimits.knownBodyDigest`). */
  readonly knownBodyDigest: string | undefined;
  /** When the call started: `maxRetryTimeMs` counts from here. */
  readonly startedAt: number;
  /** When the next attempt may start, from a 503's `Retry-After` (0: no wait). */
  retryNotBefore: number;
}

export class Executor {
  constructor(
    readonly settings: ExecutorSettings,
    readonly transport: Transport,
    readonly gate: BackoffGate,
    readonly bound: ConcurrencyBound,
  ) {}

  /** The body array of a successful answer; ends on any of `limits.signals` or `limits.timeoutMs`. */
  async run(op: OperationName, input: OperationInput, limits: CallLimits): Promise<CallAnswer> {
    const req = encodeRequest(op, input, this.settings);
    const shownUrl = `${this.settings.origin}${req.shownPath}`;
    const { timeoutMs } = limits;
    const scope = new AbortScope(
      limits.signals,
      timeoutMs === undefined
        ? undefined
        : { ms: timeoutMs, reason: () => new TimeoutError({ operation: op, url: shownUrl, timeoutMs }) },
    );
    const call: AttemptContext = {
      op,
      req,
      shownUrl,
      signal: scope.signal,
      digestBody: limits.digestBody === true,
      knownBodyDigest: limits.knownBodyDigest,
      startedAt: performance.now(),
      retryNotBefore: 0,
    };
    try {
      // Assigned, not spread: a deferred answer's rows are a getter.
      return Object.assign(await this.#attempts(call), { url: shownUrl });
    } catch (err) {
      throw scope.signal.aborted ? abortReason(scope.signal.reason, op, shownUrl) : err;
    } finally {
      scope.dispose();
    }
  }

  /** The call's attempts in p-retry: it counts and spaces them; each attempt says whether its failure is worth another. */
  #attempts(call: AttemptContext): Promise<Omit<CallAnswer, 'url'>> {
    const s = this.settings;
    return pRetry((attempt) => this.#attempt(call, attempt), {
      retries: s.retries,
      factor: 2,
      minTimeout: s.retryBaseDelayMs,
      maxTimeout: Math.max(s.retryBaseDelayMs, 10_000),
      randomize: true,
      maxRetryTime: s.maxRetryTimeMs,
      signal: call.signal,
      // p-retry tells of every failure it gets; the last one, with no retry left, is the call's.
      onFailedAttempt: ({ error, attemptNumber, retriesLeft, retryDelay }) => {
        if (!s.onRetry || retriesLeft === 0) return;
        const retryAfter = isSiteContentError(error, 'http_status') ? (error.retryAfterMs ?? 0) : 0;
        const paused = this.gate.remaining();
        s.onRetry({
          operation: call.op,
          attempt: attemptNumber,
          delayMs: Math.max(retryDelay, retryAfter, paused),
          reason: describeFailure(error),
          clientPaused: paused > 0,
        });
      },
    });
  }

  /** One attempt: wait for a slot, send, read the answer; a failure not worth a retry stops the retries. */
  async #attempt(call: AttemptContext, attempt: number): Promise<Omit<CallAnswer, 'url'>> {
    const s = this.settings;
    const { op, shownUrl, signal } = call;
    const wait = call.retryNotBefore - performance.now();
    if (wait > 0) await sleep(wait, signal);
    const release = await this.#slot(signal);
    const inFlight = this.bound.slots.active;
    const started = performance.now();
    let status = 0;
    let bytes = 0;
    let failure: string | undefined;
    try {
      const res = await this.transport.send(op, s.origin, call.req, shownUrl, signal);
      // From the socket on: a new connection's setup, or a wait for a free socket, is no queue of
      // the service's (the first round opens most of the pool's connections at once).
      const rttMs = performance.now() - (res.writtenAt ?? started);
      status = res.status;
      bytes = res.bytes;
      // A read's body is digested first: the body of an answer typed before (`knownBodyDigest`)
      // parses as it did then, so it is parsed only when its rows are read.
      const ok2xx = res.status >= 200 && res.status < 300;
      const digest = call.digestBody && ok2xx ? await sha256Base64url(res.text) : undefined;
      const known = digest === call.knownBodyDigest ? digest : undefined;
      const answer =
        known === undefined
          ? {
              rows: interpretResponse(op, shownUrl, res, s.apiKey),
              ...(digest === undefined ? {} : { bodyDigest: digest }),
            }
          : deferredRows(() => interpretResponse(op, shownUrl, res, s.apiKey), known);
      // Only answers that succeeded describe the service's latency; failures are not timed.
      this.bound.success({ operation: op, sentAt: started, rttMs, inFlight });
      return answer;
    } catch (err) {
      if (status === 0) failure = signal.aborted ? 'aborted' : describeFailure(err);
      if (signal.aborted) throw signal.reason;
      const retryAfter = isSiteContentError(err, 'http_status') ? err.retryAfterMs : undefined;
      if (isSiteContentError(err, 'http_status') && isCongestionStatus(err.status))
        this.#congested(err, started, call);
      // Permanent failures stop at once, without the backoff; so does a Retry-After beyond the time
      // budget (give up now rather than fail after waiting).
      const worthRetrying =
        isRetryable(op, err) && performance.now() - call.startedAt + (retryAfter ?? 0) <= s.maxRetryTimeMs;
      throw worthRetrying ? err : new AbortError(err as Error);
    } finally {
      release();
      if (s.onRequest || s.requestLog) {
        const event: RequestEvent = {
          operation: op,
          status,
          durationMs: performance.now() - started,
          attempt,
          bytes,
          url: shownUrl,
          failure,
          concurrencyLimit: this.bound.limit,
          maxConcurrency: this.bound.max,
        };
        s.onRequest?.(event);
        s.requestLog?.(requestLogLine(event));
      }
    }
  }

  /** The service is overloaded (429, 503): honour its `Retry-After`, and fewer requests in flight. */
  #congested(err: HttpStatusError, sentAt: number, call: AttemptContext): void {
    const pauseMs =
      err.retryAfterMs === undefined ? undefined : Math.min(err.retryAfterMs, this.settings.maxRetryTimeMs);
    if (pauseMs !== undefined) {
      // 429: every call of this client waits; 503: only this call's retry does.
      if (isGateStatus(err.status)) this.gate.pause(pauseMs);
      else call.retryNotBefore = performance.now() + pauseMs;
    }
    // Once per burst (see AdaptiveLimit).
    this.bound.congestion(sentAt, pauseMs);
  }

  /** A slot taken while the gate is open; a queued call gives it back when the gate closes meanwhile. */
  async #slot(signal: AbortSignal): Promise<() => void> {
    for (;;) {
      await this.gate.wait(signal);
      const release = await this.bound.slots.acquire(signal);
      if (this.gate.remaining() === 0) return release;
      release();
    }
  }
}

/** An answer whose rows are interpreted on first read (and once). */
function deferredRows(interpret: () => unknown[], bodyDigest: string): Omit<CallAnswer, 'url'> {
  let rows: unknown[] | undefined;
  return {
    get rows() {
      rows ??= interpret();
      return rows;
    },
    bodyDigest,
  };
}

/** The signal's reason; a caller's `AbortSignal.timeout(…)` becomes the client's TimeoutError, like every deadline. */
function abortReason(reason: unknown, op: OperationName, url: string): unknown {
  const isDomTimeout =
    reason instanceof Error && reason.name === 'TimeoutError' && !isSiteContentError(reason);
  return isDomTimeout
    ? new TimeoutError({ operation: op, url, timeoutMs: undefined, cause: reason })
    : reason;
}

/**
 * A failure in a few words (`HTTP 503`, `network ECONNRESET`, `timeout`), for `onRetry` and the request
 * log: an answer's status when one came (an unusable body is its own kind), else the error's code.
 */
function describeFailure(err: unknown): string {
  if (
    isSiteContentError(err, 'http_status') ||
    isSiteContentError(err, 'response_too_large') ||
    isSiteContentError(err, 'write_rejected')
  )
    return `HTTP ${err.status}`;
  if (isSiteContentError(err, 'network') && err.causeCode !== undefined) return `network ${err.causeCode}`;
  if (isSiteContentError(err)) return err.code;
  return err instanceof Error ? err.name : String(err);
}
