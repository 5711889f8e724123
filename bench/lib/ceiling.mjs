// The ceiling: autocannon replays exactly the request set of a load (each path once, shared across
// the connections through one counter) at the same concurrency as our client. Whatever time this
// takes is what the emulator + HTTP stack can do; our loaders cannot beat it by much.
import autocannon from 'autocannon';

/**
 * @param {{ baseUrl: string, paths: string[], connections: number }} opts
 */
export async function runCeiling({ baseUrl, paths, connections }) {
  const recorded = paths.length;
  let next = 0;
  let responses = 0;
  let lastResponseAt = 0;
  const t0 = performance.now();
  const result = await new Promise((resolve, reject) => {
    const tracker = autocannon(
      {
        url: baseUrl,
        connections: Math.min(connections, paths.length),
        pipelining: 1,
        amount: paths.length,
        timeout: 30,
        // autocannon only notices the end at its next sample tick; a short tick keeps the idle tail
        // small, and the elapsed time below is taken at the last response, not at the tick.
        sampleInt: 50,
        requests: [
          {
            method: 'GET',
            // setupRequest runs before every request of every connection: hand out the paths in order.
            setupRequest(req) {
              const path = paths[next % paths.length];
              next++;
              return { ...req, path };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    tracker.on('response', () => {
      responses++;
      lastResponseAt = performance.now();
    });
  });
  const elapsedMs = (lastResponseAt || performance.now()) - t0;
  return {
    elapsedMs,
    requests: responses,
    planned: recorded,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
}
