/**
 * The server's account of request-time failures, one line per cause, when first seen, then at most
 * once a minute with the views it failed: a wrong key fails every page alike, and a line per view
 * buries it. A production server has no Astro logger, so the lines go to the console.
 */
import { LRUCache } from 'lru-cache';
import type { RequestFailure } from './request-failure.js';

const PREFIX = '[@sitecontent/astro]';

const ANSWER: Record<RequestFailure['kind'], string> = {
  'not-found': '',
  gone: '',
  misconfigured: 'on-demand pages answer 500, the site is misconfigured',
  outage: 'on-demand pages answer 503, the service failed',
  'broken-record': 'an on-demand page answers 500, the service sent a record it cannot show',
};

export interface ServerLogSink {
  error(line: string): void;
  info(line: string): void;
}

export class FailureLog {
  /** When each cause was last reported, and the views it failed since. */
  readonly #reported = new LRUCache<string, { at: number; since: number }>({ max: 500 });

  constructor(
    readonly sink: ServerLogSink = console,
    readonly windowMs = 60_000,
    readonly now: () => number = Date.now,
  ) {}

  /** Reports `failure` unless its cause was reported within the window (then counts it). */
  report(failure: RequestFailure): void {
    if (failure.kind === 'not-found' || failure.kind === 'gone' || failure.cause === undefined) return;
    const now = this.now();
    const last = this.#reported.get(failure.key);
    if (last && now - last.at < this.windowMs) {
      last.since++;
      return;
    }
    const repeats = last?.since ? ` (${last.since} more since the last report)` : '';
    const fix = failure.fix ? `; ${failure.fix}` : '';
    this.sink.error(`${PREFIX} ${ANSWER[failure.kind]}: ${failure.cause.message}${fix}${repeats}`);
    this.#reported.set(failure.key, { at: now, since: 0 });
  }

  /** A notice of the server's own (a purge, accepted or refused), as it happens. */
  info(line: string): void {
    this.sink.info(`${PREFIX} ${line}`);
  }
}
