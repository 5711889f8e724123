// An image host that is down the slow way: it takes each connection and request on 127.0.0.1 and
// never answers (a host behind a balancer that still accepts). It counts what it was asked, so a
// benchmark can say that nothing was. Used by bench/on-demand-images.mjs.
import { createServer } from 'node:http';

export async function startSilentHost() {
  const state = { requests: 0 };
  /** @type {Set<import('node:http').ServerResponse>} */
  const held = new Set();
  const server = createServer((_req, res) => {
    state.requests++;
    held.add(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
