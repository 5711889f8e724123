/** What the client takes from any other runtime (`#runtime`): `fetch` and Web Crypto, no Node module at all. */
import { FetchTransport } from '../http/fetch-transport.js';
import type { Transport, TransportSettings } from '../http/transport.js';
import type { LoopUseGauge } from './loop-use.js';

export const RUNTIME_TRANSPORT = 'fetch';

export function createTransport(settings: TransportSettings): Transport {
  return new FetchTransport(settings);
}

/** SHA-256 of `text` (UTF-8), base64url. */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** No runtime here tells how busy its event loop is: the sliced work keeps its longer slices. */
export function loopUseGauge(): LoopUseGauge {
  return () => undefined;
}
