// Counts a process's requests in flight to the service (for where a concurrency limit settled).
import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * Requests in flight to `origin`, seen from this process: every HTTP client here (ours on the undici
 * package, the hand-written loaders on Node's fetch) publishes each request on undici's diagnostics
 * channels. Sampled every 10 ms while any is in flight, so the report can say where a concurrency
 * limit settled: `p50`/`p90` of the samples, `peak`, and `sent` (requests created).
 * @param {string} origin
 */
export function inFlightTracker(origin) {
  const mine = (/** @type {any} */ request) => String(request.origin).startsWith(origin);
  let inFlight = 0;
  let peak = 0;
  let sent = 0;
  /** @type {number[]} */
  const samples = [];
  const open = (/** @type {any} */ { request }) => {
    if (!mine(request)) return;
    sent++;
    inFlight++;
    if (inFlight > peak) peak = inFlight;
  };
  const close = (/** @type {any} */ { request }) => {
    if (mine(request)) inFlight = Math.max(0, inFlight - 1);
  };
  diagnosticsChannel.subscribe('undici:request:create', open);
  diagnosticsChannel.subscribe('undici:request:trailers', close);
  diagnosticsChannel.subscribe('undici:request:error', close);
  const timer = setInterval(() => {
    if (inFlight > 0) samples.push(inFlight);
  }, 10);
  timer.unref();
  return {
    finish() {
      clearInterval(timer);
      diagnosticsChannel.unsubscribe('undici:request:create', open);
      diagnosticsChannel.unsubscribe('undici:request:trailers', close);
      diagnosticsChannel.unsubscribe('undici:request:error', close);
      const sorted = samples.sort((a, b) => a - b);
      const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { sent, peak, p50: at(0.5), p90: at(0.9), samples: sorted.length };
    },
  };
}
