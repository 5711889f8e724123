/**
 * The one gate of the purge and refresh endpoints (`acceptJsonPost()`): both take the token the same
 * two ways, refuse a body past 64 KiB with one message, and answer a body that breaks off while it is
 * read with a 400 naming it, not a 500.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefreshHandler } from '../src/build-time/integration/refresh-endpoint.js';
import { purgeHandler } from '../src/request-time/endpoints/purge-endpoint.js';
import { createLogger } from './helpers/index.js';

const TOKEN = 'tok-gate-7f3a9c21';
const invalidated: string[][] = [];
const cache = {
  invalidate: async ({ tags }: { tags: string[] }) => {
    invalidated.push(tags);
  },
};
const purge = purgeHandler(() => TOKEN);

/** A body that sends `head`, then breaks off as a reset connection does. */
function brokenBody(head: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) controller.error(new Error('the connection was reset'));
      else controller.enqueue(new TextEncoder().encode(head));
      sent = true;
    },
  });
}

const purgeRequest = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  purge({
    request: new Request('http://127.0.0.1/_sitecontent/purge', {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit),
    cache,
  } as never);

describe('the endpoints share one gate', () => {
  let refreshUrl: string;
  let close: () => void;
  beforeAll(async () => {
    const handler = createRefreshHandler({
      token: TOKEN,
      refreshContent: async () => {},
      logger: createLogger().logger,
    });
    const server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    refreshUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => {
      server.close();
      server.closeAllConnections();
    };
  });
  afterAll(() => close());

  it('a purge body that breaks off is a 400 naming it, as refresh answers, and purges nothing', async () => {
    const res = await purgeRequest(brokenBody('{"products":["1"'), { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^invalid body: .*reset/);
    expect(invalidated).toEqual([]);
  });

  it('both refuse a body past 64 KiB with one message', async () => {
    const large = JSON.stringify({ products: ['1'], pad: 'x'.repeat(70_000) });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const fromPurge = await purgeRequest(large, auth);
    const fromRefresh = await fetch(refreshUrl, { method: 'POST', headers: auth, body: large });
    expect([fromPurge.status, fromRefresh.status]).toEqual([413, 413]);
    const messages = [await fromPurge.json(), await fromRefresh.json()].map(
      (b) => (b as { error: string }).error,
    );
    expect(messages).toEqual([
      'invalid body: body larger than 64 KiB',
      'invalid body: body larger than 64 KiB',
    ]);
  });

  it('both take the token as Bearer or as x-sitecontent-token', async () => {
    const purged = await purgeRequest('{"products":["7"]}', { 'x-sitecontent-token': TOKEN });
    expect(purged.status).toBe(200);
    expect(invalidated.at(-1)).toContain('sitecontent:products:7');
    const refreshed = await fetch(refreshUrl, { method: 'POST', headers: { 'x-sitecontent-token': TOKEN } });
    expect(refreshed.status).toBe(200);
    expect((await purgeRequest('{}', { 'x-sitecontent-token': `${TOKEN}x` })).status).toBe(401);
  });
});

describe('the purge token', () => {
  it('shorter than 16 characters turns the endpoint off, named, never shown', async () => {
    const short = purgeHandler(() => 'short-token');
    const res = await short({
      request: new Request('http://127.0.0.1/_sitecontent/purge', {
        method: 'POST',
        headers: { authorization: 'Bearer short-token' },
        body: '{"products":["1"]}',
      }),
      cache,
    } as never);
    expect(res.status).toBe(404);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/^purge endpoint off: SITECONTENT_PURGE_TOKEN is shorter than 16 characters: /);
    expect(error).not.toContain('short-token');
  });

  it('put in the body by mistake, is in no refusal: not quoted from a broken body, masked as a field name', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const broken = await purgeRequest(`{"products": ${TOKEN}}`, auth);
    const asField = await purgeRequest(JSON.stringify({ [TOKEN]: ['1'] }), auth);
    const errors = [await broken.json(), await asField.json()].map((b) => (b as { error: string }).error);
    expect([broken.status, asField.status]).toEqual([400, 400]);
    expect(errors[0]).toMatch(/^invalid body: not JSON \(Unexpected token '.'\)$/);
    expect(errors[1]).toMatch(/^invalid body: unknown field\(s\) \*\*\* \(known: /);
    for (const error of errors) expect(error).not.toContain(TOKEN.slice(0, 6));
  });
});
