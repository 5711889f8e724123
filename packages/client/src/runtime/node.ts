/** What the client takes from Node (`#runtime`, condition `node`): undici's pool and `node:crypto`. */
import { createHash } from 'node:crypto';
import type { Transport, TransportSettings } from '../http/transport.js';
import { UndiciTransport } from '../http/undici-transport.js';

export const RUNTIME_TRANSPORT = 'undici';

export function createTransport(settings: TransportSettings): Transport {
  return new UndiciTransport(settings);
}

/** SHA-256 of `text` (UTF-8), base64url. */
export async function sha256Base64url(text: string): Promise<string> {
  return createHash('sha256').update(text).digest('base64url');
}
