/**
 * The key split by a cut, as a property: the service echoes the key (raw or URL-encoded) at a
 * generated offset around the place where the client cuts what it shows of the answer, and no piece
 * of 6 characters of the key is in the error, however it is shown. Keys of every shape: letters
 * only (no word-like exception), with digits, with characters a URL encodes.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { createClient } from '../src/index.js';
import { catchError, renderings } from './helpers/client.js';
import { assertNoPiece, pieceIn, secretArbitrary } from './helpers/secret-pieces.js';
import { type Reply, useScriptServer } from './helpers/server.js';

/** Text around the key; it shares characters with the keys, but holds no piece of the key. */
const filler = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefXYZ0123456789 .,;:-_/+=%é中'),
    minLength: length,
    maxLength: length,
  });

/** How an answer holds the text with the key, and where the client cuts what it shows of it. */
const ANSWERS = {
  // A 200 that is not JSON: a ResponseFormatError with a body preview of 200 characters.
  'unusable 200': { cut: 200, reply: (text: string): Reply => ({ body: `<${text}`, headers: html }) },
  // The service's error shape: its message shown cut at 200 characters.
  'service error 500': {
    cut: 200,
    reply: (text: string): Reply => ({ status: 500, json: [{ message: text, error: 'internal' }] }),
  },
  // An error page: its title shown cut at 120 characters.
  'error page 502': {
    cut: 120,
    reply: (text: string): Reply => ({
      status: 502,
      body: `<html><head><title>${text}</title></head><body>down</body></html>`,
      headers: html,
    }),
  },
} as const;
const html = { 'content-type': 'text/html' };

const probe = fc
  .record({
    key: secretArbitrary(16),
    encoded: fc.boolean(),
    answer: fc.constantFrom(...(Object.keys(ANSWERS) as (keyof typeof ANSWERS)[])),
  })
  .chain(({ key, encoded, answer }) => {
    const form = encoded ? encodeURIComponent(key) : key;
    const { cut } = ANSWERS[answer];
    // From the key ending just before the cut to its starting just after it: every split between.
    const offset = fc.integer({ min: Math.max(0, cut - form.length - 1), max: cut + 1 });
    return fc
      .tuple(offset.chain(filler), filler(40))
      .filter((parts) => parts.every((part) => pieceIn(part, key) === undefined))
      .map(([before, after]) => ({ key, answer, text: `${before}${form}${after}` }));
  });

const server = useScriptServer();

/** Every rendering of the error the client throws for `reply`, and of its cause. */
async function shownError(reply: Reply, apiKey: string): Promise<{ name: string; shown: string[] }> {
  server.script('goods/Get', reply);
  const client = createClient({
    baseUrl: server.url,
    apiKey,
    sid: 7,
    retries: 0,
    siteOrigin: 'https://shop.example',
  });
  try {
    const err = (await catchError(client.products.list())) as Error;
    const cause = err.cause === undefined ? [] : renderings(err.cause);
    return { name: err.name, shown: [...renderings(err), ...cause] };
  } finally {
    await client.close();
  }
}

/**
 * What the errors show whatever the key (the messages' words, the server's port, the stack's frames,
 * made inside the property as the others are): a generated key that has a piece of it is no test.
 */
let shownAnyway: string | undefined;
async function shownWhateverTheKey(): Promise<string> {
  let shown = '';
  for (const { reply } of Object.values(ANSWERS))
    shown += (await shownError(reply('service down'), 'not-the-key')).shown.join('\n');
  return shown;
}

describe('a key echoed across the cut of what an error shows', () => {
  it('leaves no 6-character piece of the key in the message, String(), stack, JSON, inspect or cause', async () => {
    await fc.assert(
      fc.asyncProperty(probe, async ({ key, answer, text }) => {
        shownAnyway ??= await shownWhateverTheKey();
        fc.pre(pieceIn(shownAnyway, key) === undefined);
        const { name, shown } = await shownError(ANSWERS[answer].reply(text), key);
        for (const rendering of shown) assertNoPiece(rendering, key, `${answer}: ${name}`);
      }),
      { seed: 54, numRuns: 300 },
    );
  });
});
