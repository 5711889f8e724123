/** What the client takes from Node (`#runtime`, condition `node`): undici's pool, `node:crypto` and the event loop's use. */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Transport, TransportSettings } from '../http/transport.js';
import { UndiciTransport } from '../http/undici-transport.js';
import { LOOP_USE_WINDOW_MS, type LoopUseGauge } from './loop-use.js';

export const RUNTIME_TRANSPORT = 'undici';

export function createTransport(settings: TransportSettings): Transport {
  return new UndiciTransport(settings);
}

/** SHA-256 of `text` (UTF-8), base64url. */
export async function sha256Base64url(text: string): Promise<string> {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * A gauge of the event loop's use (`performance.eventLoopUtilization`) over its last window of
 * `LOOP_USE_WINDOW_MS` or more: readings in between give that window's use again, so work that asks
 * at every slice is not steered by the few busy milliseconds since its last one.
 */
export function loopUseGauge(): LoopUseGauge {
  let from = performance.eventLoopUtilization();
  let fromAt = performance.now();
  let lastWindow: number | undefined;
  return () => {
    const now = performance.now();
    if (now - fromAt < LOOP_USE_WINDOW_MS) {
      return lastWindow ?? performance.eventLoopUtilization(from).utilization;
    }
    lastWindow = performance.eventLoopUtilization(from).utilization;
    from = performance.eventLoopUtilization();
    fromAt = now;
    return lastWindow;
  };
}
