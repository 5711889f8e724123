/**
 * What an error shows of a hostile answer: the service's text inert and short, the key masked, and
 * a message that says what is wrong rather than what failed to parse.
 */
import { describe, expect, it } from 'vitest';
import {
  HttpStatusError,
  RecordValidationError,
  ResponseFormatError,
  WriteRejectedError,
} from '../src/index.js';
import { ACTING, assertNoKey, catchError, renderings, testClient, useTestClient } from './helpers/client.js';
import { html502, productBody } from './helpers/fixtures.js';
import { TEST_KEY, useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

/** Terminal sequences a hostile service might hide in any text it sends. */
const TERMINAL_ATTACK = '\u001b]0;owned\u0007\u001b[2J\r\nbuild ok\u009b31m\u202e';

describe('service text in messages: inert and short', () => {
  /** Each way `err` is shown, none with an acting character or the key, none longer than `max`. */
  const expectShownInert = (err: unknown, max: number) => {
    for (const text of [(err as Error).message, String(err)]) {
      expect(ACTING.test(text)).toBe(false);
      expect(text.length).toBeLessThan(max);
      assertNoKey(text);
    }
  };

  it('an error body with terminal sequences and a megabyte of message: escaped, cut, key masked', async () => {
    const message = `${TERMINAL_ATTACK} key=${TEST_KEY} ${'x'.repeat(1024 * 1024)}`;
    server.script('goods/Get', { status: 500, json: [{ error: `E\u001b[5m${TEST_KEY}`, message }] });
    const err = (await catchError(testClient(server, { retries: 0 }).products.list())) as HttpStatusError;
    expect(err).toBeInstanceOf(HttpStatusError);
    expectShownInert(err, 1000);
    expect(err.message).toContain('\\u001b]0;owned\\u0007');
    expect(err.serviceMessage?.length).toBeLessThanOrEqual(201);
    expect(err.serviceMessage?.endsWith('…')).toBe(true);
    expect(err.serviceCode).toBe('E\u001b[5m***');
  });

  it('a rejected write quoting terminal sequences', async () => {
    server.script('goods/Write', { json: [{ message: TERMINAL_ATTACK }] });
    const err = await catchError(client.products.create({ zag: 'x' }));
    expect(err).toBeInstanceOf(WriteRejectedError);
    expectShownInert(err, 1000);
    expect((err as WriteRejectedError).serviceMessage).toBe(TERMINAL_ATTACK);
  });

  it('an unusable body with terminal sequences in its preview', async () => {
    server.script('goods/Get', { body: `<html>${TERMINAL_ATTACK}</html>` });
    const err = await catchError(testClient(server, { retries: 0 }).products.list());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expectShownInert(err, 1000);
    expect((err as ResponseFormatError).bodyPreview).toContain(TERMINAL_ATTACK);
  });

  it('an invalid record: its id as sent is shown escaped and cut, the field keeps it whole', async () => {
    const id = `${TERMINAL_ATTACK}${'9'.repeat(10_000)}`;
    server.script('goods/Get', { body: productBody({ id }) });
    const err = (await catchError(client.products.list())) as RecordValidationError;
    expect(err).toBeInstanceOf(RecordValidationError);
    expectShownInert(err, 1000);
    expect(err.message).toContain('record \\u001b]0;owned');
    expect(err.recordId).toBe(id);
  });

  it('a record with thousands of bad fields: the message lists five, counts the rest', async () => {
    const sku = Array.from({ length: 2000 }, (_, i) => ({ id: String(i + 1), price: '1', color: 'red' }));
    server.script('goods/Get', { body: productBody({ sku }) });
    const err = (await catchError(client.products.list())) as RecordValidationError;
    expect(err.issues).toHaveLength(2000);
    expect(err.message).toContain('; and 1995 more');
    expect(err.message.split('sku.').length - 1).toBe(5);
    expectShownInert(err, 2000);
  });
});
describe('what an HTTP error shows of the answer', () => {
  it("a redirect's target, key-masked, and that the client does not follow it", async () => {
    server.script('goods/Get', {
      status: 301,
      headers: { location: `https://new.example/v1/goods/Get?key=${TEST_KEY}&sid=7` },
      body: '',
    });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(HttpStatusError);
    const message = (err as Error).message;
    expect(message).toContain(
      'redirected to "https://new.example/v1/goods/Get?key=***&sid=7", which the client does not follow',
    );
    for (const text of renderings(err)) assertNoKey(text);
  });

  it("a proxy's plain-text or HTML body (its title), and the Retry-After asked for", async () => {
    server.script('goods/Get', { status: 502, body: html502, headers: { 'content-type': 'text/html' } });
    expect(((await catchError(client.products.list())) as Error).message).toContain(
      'failed with HTTP 502: "502 Bad Gateway" (',
    );
    server.script('dir/Get', {
      status: 429,
      headers: { 'retry-after': '3600', 'content-type': 'text/plain' },
      body: 'quota exceeded\n',
    });
    // Its own client: a 429's Retry-After holds the whole client (the back-off gate).
    const limitedClient = testClient(server);
    try {
      const limited = (await catchError(limitedClient.sections.list())) as Error;
      expect(limited.message).toMatch(/failed with HTTP 429: "quota exceeded" \(.*\); Retry-After: 3600 s$/);
    } finally {
      await limitedClient.close();
    }
  });
});
describe('messages that say what is wrong', () => {
  it('an id says whether it is negative, fractional or beyond 2^53', async () => {
    for (const [id, why] of [
      ['-1', 'negative'],
      ['1.5', 'fractional'],
      ['9007199254740993', 'beyond 2^53'],
    ] as const) {
      server.script('goods/Get', { body: productBody({ id }) });
      expect(((await catchError(client.products.list())) as Error).message, id).toContain(
        `is not a non-negative safe integer (${why})`,
      );
    }
  });

  it('site/DomainDefault answering [] says there is no domain, not that a field is missing', async () => {
    server.script('site/DomainDefault', { json: [] });
    const err = await catchError(client.site.defaultDomain());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain('no domain in the answer (an empty list)');
  });
});
