/** Client builder for tests: the test key, fast retries, and the server's URL. */
import { type ClientOptions, createClient, type SiteContentClient } from '../../src/index.js';
import { type ScriptServer, TEST_KEY } from './server.js';

export function testClient(server: ScriptServer, options: Partial<ClientOptions> = {}): SiteContentClient {
  return createClient({
    baseUrl: server.url,
    apiKey: TEST_KEY,
    sid: 7,
    retries: 0,
    retryBaseDelayMs: 10,
    siteOrigin: 'https://shop.example',
    ...options,
  });
}

/** Fails if `text` shows the key in any form. */
export function assertNoKey(text: string): void {
  if (text.includes(TEST_KEY) || text.includes(encodeURIComponent(TEST_KEY))) {
    throw new Error(`key leaked in: ${text.slice(0, 300)}`);
  }
}

/** Every way an error can be shown, for redaction checks. */
import { inspect } from 'node:util';
export function renderings(err: unknown): string[] {
  const e = err as Error;
  return [e.message, String(e), JSON.stringify(e), inspect(e, { depth: 10 }), e.stack ?? ''];
}

export async function catchError(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
