/**
 * The request log's line: one per attempt, what `SITECONTENT_DEBUG=1` (or `--verbose`) shows of every
 * request to the service. The URL is the one errors show, `key=***`: the key never reaches a log.
 */

/** What a line tells of one attempt: the executor's `RequestEvent` extends it. */
export interface LoggedAttempt {
  operation: string;
  /** 0 when no HTTP answer came; then `failure` says why. */
  status: number;
  durationMs: number;
  /** The attempt of the call (1-based): 1 the first request, 2 its first retry; the line shows `attempt - 1`. */
  attempt: number;
  /** Bytes of the answer's body (0 without an answer). */
  bytes: number;
  /** The request URL with `key=***`. */
  url: string;
  /** Why no HTTP answer came, e.g. `network ECONNREFUSED` or `timeout` (with status 0 only). */
  failure?: string | undefined;
}

/** `goods/Get 200 12 ms 3456 bytes retry 0 http://…/v1/goods/Get?key=***&sid=1`. */
export function requestLogLine(e: LoggedAttempt): string {
  const status = e.status === 0 ? `no answer (${e.failure ?? 'unknown'})` : String(e.status);
  return `${e.operation} ${status} ${Math.round(e.durationMs)} ms ${e.bytes} bytes retry ${e.attempt - 1} ${e.url}`;
}
