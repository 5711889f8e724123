import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KeyRing } from './auth.js';
import type { Store } from './db/store.js';
import { ApiError } from './errors.js';
import type { FaultDecision, Faults } from './faults.js';
import { readId } from './fields.js';
import { readBody } from './request-body.js';
import { bodyBytesSent, errorBody, ResponseWriter } from './response-writer.js';
import { ROUTES, type Route } from './routes/index.js';
import { countAnswer, type EmulatorStats } from './stats.js';
import { parseParams } from './wire/params.js';
import type { Workers } from './workers.js';

export interface RequestHandlerDeps {
  store: Store;
  stats: EmulatorStats;
  keyRing: KeyRing;
  faults: Faults;
  workers: Workers;
  quirks: boolean;
  technicalDomain: string;
  bodyLimit: number;
  requestLog?: ((line: string) => void) | undefined;
}

/** Why a request's wait for a worker ends when its client went away. */
const CLIENT_GONE = new Error('the client closed the connection');

/** One request: route → faults → a free worker → delay → body → key → params → site → handler → (faulty) response. */
export class RequestHandler {
  readonly #d: RequestHandlerDeps;
  readonly #writer: ResponseWriter;

  constructor(deps: RequestHandlerDeps) {
    this.#d = deps;
    this.#writer = new ResponseWriter(deps.stats, deps.quirks);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { stats, faults } = this.#d;
    stats.total++;
    const url = new URL(req.url ?? '/', 'http://emulator');
    const route = url.pathname.startsWith('/v1/') ? ROUTES.get(url.pathname.slice(4)) : undefined;
    const operation = route?.operation ?? '(unknown operation)';
    const { requestLog } = this.#d;
    const arrived = performance.now();
    // Counted once the answer is over, under the status it was sent with (a reset one too).
    res.once('close', () => {
      countAnswer(stats, operation, res.statusCode);
      requestLog?.(answerLine(operation, res, performance.now() - arrived, url));
    });
    if (!route) {
      req.resume();
      this.#writer.send(res, 404, errorBody('not_found', `Unknown operation ${url.pathname}`));
      return;
    }
    stats.byOperation[route.operation] = (stats.byOperation[route.operation] ?? 0) + 1;

    // Decided on arrival: the n-th request keeps its fate however long it waits for a worker.
    const fate = faults.decide();
    const gone = new AbortController();
    // A reason given: without one, abort() builds a DOMException with its stack for every request.
    res.once('close', () => gone.abort(CLIENT_GONE));
    const release = await this.#d.workers.acquire(gone.signal);
    if (!release) return;
    try {
      if (fate.delayMs > 0) await sleep(fate.delayMs);
      if (this.#refusedByFault(req, res, fate)) return;
      await this.#answer(req, res, route, url, fate);
    } finally {
      release();
    }
  }

  /** Answers 429 or 503 when the request's fate (or the rate limit) says so; true when it did. */
  #refusedByFault(req: IncomingMessage, res: ServerResponse, fate: FaultDecision): boolean {
    const { stats, faults } = this.#d;
    const retryAfter = fate.throttle ? 1 : faults.rateLimited();
    if (retryAfter !== undefined) {
      stats.faults.rateLimited++;
      req.resume();
      this.#writer.send(res, 429, errorBody('rate_limited', 'Too many requests'), {
        'Retry-After': String(retryAfter),
      });
      return true;
    }
    if (fate.fail) {
      stats.faults.fail++;
      req.resume();
      this.#writer.send(res, 503, errorBody('service_unavailable', 'Service temporarily unavailable'), {
        'Retry-After': '1',
      });
      return true;
    }
    return false;
  }

  async #answer(
    req: IncomingMessage,
    res: ServerResponse,
    route: Route,
    url: URL,
    fate: FaultDecision,
  ): Promise<void> {
    try {
      if (req.method !== route.method && !(route.method === 'GET' && req.method === 'HEAD')) {
        req.resume();
        throw new ApiError(405, 'method_not_allowed', `${route.operation} takes ${route.method}`);
      }
      const body = await readBody(req, this.#d.bodyLimit);
      const sites = this.#d.keyRing.lookup(url.searchParams.get('key'));
      if (!sites) throw new ApiError(401, 'unauthorized', 'Invalid API key');
      const params = parseParams(url.searchParams, body, req.headers['content-type'] ?? '');
      const sid = readId(params, 'sid', true);
      // Unknown sid and a sid this key may not use look the same: no leak of which sites exist.
      if (!sites.has(sid)) throw new ApiError(403, 'forbidden', 'This key may not access this site');
      const payload = route.handle({
        sid,
        params,
        store: this.#d.store,
        technicalDomain: this.#d.technicalDomain,
      });
      this.#writer.send(res, 200, payload, {}, fate);
    } catch (error) {
      this.#answerError(res, route, error);
    }
  }

  #answerError(res: ServerResponse, route: Route, error: unknown): void {
    if (error instanceof ApiError) {
      const headers: Record<string, string> = error.status === 405 ? { Allow: route.method } : {};
      if (error.status === 413) headers.Connection = 'close';
      this.#writer.send(res, error.status, errorBody(error.code, error.message), headers);
      return;
    }
    process.stderr.write(`sitecontent-emulator: ${route.operation}: ${String(error)}\n`);
    this.#writer.send(res, 500, errorBody('internal_error', 'Internal error'));
  }
}

/** `goods/Get 200 3 ms 2048 bytes /v1/goods/Get?key=***&sid=1`: the key is the caller's secret, never shown. */
function answerLine(operation: string, res: ServerResponse, ms: number, url: URL): string {
  const path = `${url.pathname}${url.search.replace(/([?&]key=)[^&]*/gi, '$1***')}`;
  return `${operation} ${res.statusCode} ${Math.round(ms)} ms ${bodyBytesSent(res)} bytes ${path}`;
}
