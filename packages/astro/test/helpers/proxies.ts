/**
 * Hostile services for the failure tests: proxies in front of the emulator that count, break or
 * rewrite what passes, and a server that only ever fails.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocal } from './local-server.js';

/**
 * Sends `req` on to `target` and hands its answer to `answer`; by default the answer goes back as it
 * came. A failed upstream request ends the client's connection.
 */
function forward(
  target: URL,
  req: IncomingMessage,
  res: ServerResponse,
  answer: (up: IncomingMessage) => void = (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  },
): void {
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    answer,
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Answers with `status` and an HTML body, as a broken gateway does. */
function answerBrokenGateway(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'text/html' });
  res.end('<html><body>Bad gateway</body></html>');
}

/** A pass-through HTTP proxy that records the peak number of requests in flight at the server side. */
export async function countingProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const state = { inFlight: 0, peak: 0, total: 0, arrivals: [] as number[], limited: [] as number[] };
  const server = createServer((req, res) => {
    state.inFlight++;
    state.total++;
    state.peak = Math.max(state.peak, state.inFlight);
    state.arrivals.push(performance.now());
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        state.inFlight--;
      }
    };
    res.on('close', finish);
    forward(target, req, res, (up) => {
      if (up.statusCode === 429) state.limited.push(performance.now());
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
  });
  server.keepAliveTimeout = 1000;
  return { ...(await listenLocal(server)), state };
}

/**
 * A proxy in front of the emulator that passes the first `passing` requests of one operation and
 * answers every later one with `status` (a service that breaks in the middle of a sync). `state`
 * counts the requests of that operation that arrived.
 */
export async function breakingProxy(targetUrl: string, operation: string, passing: number, status = 502) {
  const target = new URL(targetUrl);
  const state = { arrived: 0 };
  const server = createServer((req, res) => {
    if ((req.url ?? '').startsWith(`/v1/${operation}?`) && ++state.arrived > passing) {
      answerBrokenGateway(res, status);
      return;
    }
    forward(target, req, res);
  });
  return { ...(await listenLocal(server)), state };
}

/** A server that answers every request with `status` and an HTML body (a broken gateway). */
export async function failingServer(status = 502) {
  const server = createServer((_req, res) => answerBrokenGateway(res, status));
  return listenLocal(server);
}

/**
 * A proxy in front of the emulator that rewrites the records of one operation's answers, as a
 * service that sends what the emulator never would (unknown fields, duplicates, hostile values).
 */
export async function rewritingProxy(
  targetUrl: string,
  operation: string,
  rewrite: (rows: Record<string, unknown>[]) => Record<string, unknown>[],
) {
  const target = new URL(targetUrl);
  const server = createServer((req, res) => {
    forward(target, req, res, (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if ((req.url ?? '').startsWith(`/v1/${operation}?`) && up.statusCode === 200) {
          body = JSON.stringify(rewrite(JSON.parse(body) as Record<string, unknown>[]));
        }
        res.writeHead(up.statusCode ?? 502, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
      });
    });
  });
  return listenLocal(server);
}

/** A proxy that adds fields (from `add`) to every record of one operation's answers. */
export function fieldAddingProxy(
  targetUrl: string,
  operation: string,
  add: (record: Record<string, unknown>) => Record<string, unknown>,
) {
  return rewritingProxy(targetUrl, operation, (rows) => rows.map((row) => ({ ...row, ...add(row) })));
}
