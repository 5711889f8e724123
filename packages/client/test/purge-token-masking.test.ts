/**
 * The purge token in what a purge shows: refused below 16 characters before any request, and, as a
 * property, masked with any piece of it a cut leaves when the site echoes it in its answer (whole, or
 * cut inside it by the site itself).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PurgeError } from '../src/errors/purge-error.js';
import { purgePages } from '../src/purge/purge-request.js';
import { runCli } from './helpers/cli.js';
import { catchError, renderings } from './helpers/client.js';
import { assertNoPiece, pieceIn, textArbitrary, userSecretArbitrary } from './helpers/secret-pieces.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();

/** Every rendering of the error a purge with `token` rejects with, once the site answers 401 with `error`. */
async function shownError(token: string, error: string): Promise<string[]> {
  server.script('purge', { status: 401, json: { ok: false, error } });
  const err = (await catchError(
    purgePages({ siteUrl: server.url, path: '/v1/purge', token, targets: { products: ['1'] } }),
  )) as PurgeError;
  expect(err).toBeInstanceOf(PurgeError);
  return [...renderings(err), ...(err.cause === undefined ? [] : renderings(err.cause))];
}

describe('a purge token shorter than 16 characters', () => {
  it('is refused by purgePages before any request, named and never shown', async () => {
    const err = await catchError(
      purgePages({ siteUrl: server.url, path: '/v1/purge', token: 'short-token', targets: { tags: ['x'] } }),
    );
    expect(err).toBeInstanceOf(PurgeError);
    expect((err as Error).message).toContain('SITECONTENT_PURGE_TOKEN is shorter than 16 characters');
    for (const text of renderings(err)) expect(text).not.toContain('short-token');
    expect(server.requests).toHaveLength(0);
  });

  it('is refused by the CLI at start, whatever the command, as bad usage', async () => {
    for (const args of [
      ['purge', '--site', server.url, '--products', '1'],
      ['get', 'products'],
    ]) {
      const result = await runCli(args, { SITECONTENT_PURGE_TOKEN: 'wrong' });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^sitecontent: SITECONTENT_PURGE_TOKEN is shorter than 16 characters: /);
      expect(result.stderr).not.toMatch(/\bwrong\b/);
    }
    expect(server.requests).toHaveLength(0);
  });
});

/**
 * What a PurgeError shows whatever the token (words, the port, the stack's frames, made inside the
 * property as the others are): a token with a piece of it tests nothing.
 */
let shownAnyway: string | undefined;

describe('a purge token the site echoes', () => {
  it('leaves no 6-character piece in the PurgeError, wherever the echo is cut', async () => {
    const echo = userSecretArbitrary().chain((token) => {
      const around = textArbitrary(120).filter((text) => pieceIn(text, token) === undefined);
      const form = fc.constantFrom(token, encodeURIComponent(token));
      return fc.tuple(around, form, around, fc.nat(300)).map(([before, echoed, after, cut]) => ({
        token,
        error: `${before}${echoed}${after}`.slice(0, cut),
      }));
    });
    await fc.assert(
      fc.asyncProperty(echo, async ({ token, error }) => {
        shownAnyway ??= (await shownError('not-the-token-at-all', 'missing or wrong token')).join('\n');
        fc.pre(pieceIn(shownAnyway, token) === undefined);
        for (const text of await shownError(token, error)) assertNoPiece(text, token, 'PurgeError');
      }),
      { seed: 54, numRuns: 200 },
    );
  });
});
