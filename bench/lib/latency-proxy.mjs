// A proxy in front of the emulator that holds every answer for `delayMs` (changeable while it runs):
// the service's round trip, for the on-demand benchmark's miss floor. Keep-alive on both sides, so
// the delay is the only thing it adds besides one loopback hop, the same with the delay at 0.
import { Agent, createServer, request as httpRequest } from 'node:http';

/** @param {string} target the emulator's URL */
export async function startLatencyProxy(target) {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const state = { delayMs: 0, requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent,
        },
        (answer) => {
          const body = /** @type {Buffer[]} */ ([]);
          answer.on('data', (c) => body.push(c));
          answer.on('end', () => {
            setTimeout(() => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            }, state.delayMs);
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
        agent.destroy();
      }),
  };
}
