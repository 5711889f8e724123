/**
 * What the client takes from a runtime with only web-standard APIs (package.json `imports`,
 * `#runtime`: workerd, worker, browser, Deno, Bun, and any runtime that is not Node): `fetch` and
 * Web Crypto. Nothing here imports a Node module, so a Workers bundle carries none.
 */
import { FetchTransport } from '../http/fetch-transport.js';
import type { Transport, TransportSettings } from '../http/transport.js';

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
