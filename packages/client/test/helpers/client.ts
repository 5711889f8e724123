/** Client and CLI builders for tests: the test key, fast retries, the server's URL, the built bin. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
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

/**
 * One `testClient` shared by a test file's tests, closed after them. The server's URL is known
 * only once it listens, so the returned object is filled in before the file's first test.
 */
export function useTestClient(server: ScriptServer, options: Partial<ClientOptions> = {}): SiteContentClient {
  const client = {} as SiteContentClient;
  beforeAll(() => {
    Object.assign(client, testClient(server, options));
  });
  afterAll(() => client.close());
  return client;
}

const CLI_BIN = fileURLToPath(new URL('../../bin/sitecontent.js', import.meta.url));
const CLI_BUILT = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/**
 * Path of the `sitecontent` bin, whose CLI is built by `npm run build:packages` (the root `npm test`
 * builds first). Throws when the build is missing, so a test of the bin fails instead of being skipped.
 */
export function requireBuiltBin(): string {
  if (!existsSync(CLI_BUILT)) {
    throw new Error(
      `${CLI_BUILT} is missing: run \`npm run build:packages\` first (the root \`npm test\` does)`,
    );
  }
  return CLI_BIN;
}

/** Fails if `text` shows the key in any form. */
export function assertNoKey(text: string): void {
  if (text.includes(TEST_KEY) || text.includes(encodeURIComponent(TEST_KEY))) {
    throw new Error(`key leaked in: ${text.slice(0, 300)}`);
  }
}

/** What must never reach a terminal raw: C0, DEL, C1, separators, bidirectional controls. */
export const ACTING = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Every way an error can be shown, for redaction checks. */
export function renderings(err: unknown): string[] {
  const e = err as Error;
  return [e.message, String(e), JSON.stringify(e), inspect(e, { depth: 10 }), e.stack ?? ''];
}

/** The first record of a list the client gave, to look into. */
export const first = (v: unknown) => (v as Record<string, unknown>[])[0] as Record<string, unknown>;

export async function catchError(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
