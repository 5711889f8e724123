/**
 * A service of `capacity` workers with a FIFO queue, driven by a closed-loop client whose concurrency
 * follows an {@link AdaptiveLimit}, in virtual time: the limit's maths tested against the queueing it
 * is meant to find, deterministically and in microseconds of real time.
 */
import { AdaptiveLimit } from '../../src/http/adaptive-limit.js';

export interface ModelSettings {
  /** Workers of the service; `Infinity` serves everything at once. */
  capacity: number;
  /** Service time of the n-th request (ms). */
  serviceMs: (n: number) => number;
  /** Requests the client sends in all. */
  requests: number;
  /** Where the limit starts and its ceiling. */
  initial: number;
  max: number;
  /** Calls the caller keeps going at once (the client's queue never holds more). @default Infinity */
  callers?: number;
}

export interface ModelRun {
  limit: AdaptiveLimit;
  /** The limit after each answer. */
  limits: number[];
  /** Virtual time when the last answer arrived (ms). */
  elapsedMs: number;
  /** Most requests ever in service at once. */
  peakInService: number;
}

export function runQueueModel(s: ModelSettings): ModelRun {
  let now = 0;
  const limit = new AdaptiveLimit({ initial: s.initial, max: s.max, latency: true, now: () => now });
  const callers = s.callers ?? Number.POSITIVE_INFINITY;
  /** Completions, kept sorted by time (then by request number, for a stable order). */
  const events: { at: number; n: number; sentAt: number; inFlight: number }[] = [];
  const waiting: { n: number; sentAt: number; inFlight: number }[] = [];
  const limits: number[] = [];
  let sent = 0;
  let inFlight = 0;
  let inService = 0;
  let peakInService = 0;

  const schedule = (e: (typeof events)[number]) => {
    let i = events.length;
    while (i > 0 && (events[i - 1]!.at > e.at || (events[i - 1]!.at === e.at && events[i - 1]!.n > e.n))) i--;
    events.splice(i, 0, e);
  };
  const serve = (r: { n: number; sentAt: number; inFlight: number }) => {
    inService++;
    peakInService = Math.max(peakInService, inService);
    schedule({ ...r, at: now + s.serviceMs(r.n) });
  };
  const send = () => {
    while (sent < s.requests && inFlight < Math.min(limit.limit, callers)) {
      inFlight++;
      const r = { n: sent++, sentAt: now, inFlight };
      if (inService < s.capacity) serve(r);
      else waiting.push(r);
    }
  };

  send();
  while (events.length > 0) {
    const done = events.shift()!;
    now = done.at;
    inService--;
    const next = waiting.shift();
    if (next) serve(next);
    inFlight--;
    limit.success({
      operation: 'meta/Get',
      sentAt: done.sentAt,
      rttMs: now - done.sentAt,
      inFlight: done.inFlight,
    });
    limits.push(limit.limit);
    send();
  }
  return { limit, limits, elapsedMs: now, peakInService };
}

/** A deterministic PRNG for jittered service times: the emulator's (mulberry32). */
export { createRandom as seededRandom } from '@sitecontent/emulator';
