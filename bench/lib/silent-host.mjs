// An image host on 127.0.0.1 that records the path of each request and, while `silent`, takes the
// request and never answers (a host that is down behind a balancer that still accepts connections);
// else it answers `image` as a PNG. Used by bench/on-demand-images.mjs (silent throughout, counting
// what reached it) and by the on-demand tests (test/on-demand-images.ts), which wake it up.
import { createServer } from 'node:http';

/** @param {Uint8Array} [image] what it answers once `state.silent` is false */
export async function startSilentHost(image = new Uint8Array()) {
  /** @type {{ requests: string[], silent: boolean }} */
  const state = { requests: [], silent: true };
  /** @type {Set<import('node:http').ServerResponse>} */
  const held = new Set();
  const server = createServer((req, res) => {
    state.requests.push(req.url ?? '/');
    if (state.silent) {
      held.add(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(image.byteLength) });
    res.end(image);
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** The paths asked since the last call. */
    take: () => state.requests.splice(0),
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          for (const res of held) res.destroy();
          server.closeAllConnections();
          server.close(() => resolve());
        })
      ),
  };
}
