/**
 * Keep-alive that holds: a burst through a client opens no more connections than its concurrency,
 * counted on the server. Against the emulator (which keeps idle sockets 5 s) and against a server
 * announcing only `Keep-Alive: timeout=2`, which undici's default 2 s threshold turned into one
 * connection per request.
 */
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import { testClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const BURST = 1_000;
const CONCURRENCY = 8;

describe('against the emulator', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  afterAll(() => emu.close());

  it(`a burst of ${BURST} requests at concurrency ${CONCURRENCY} opens at most ${CONCURRENCY} connections`, async () => {
    const client = createClient({
      baseUrl: emu.url,
      apiKey: emu.key,
      sid: emu.sid,
      concurrency: CONCURRENCY,
      siteOrigin: 'https://shop.example',
    });
    try {
      emu.resetStats();
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) => client.meta.get('goods', (i % 33) + 1)),
      );
      expect(results).toHaveLength(BURST);
      expect(emu.stats.byOperation['meta/Get']).toBe(BURST);
      expect(emu.stats.connections).toBeGreaterThan(0);
      expect(emu.stats.connections).toBeLessThanOrEqual(CONCURRENCY);
    } finally {
      await client.close();
    }
  });
});

describe('against a server announcing Keep-Alive: timeout=2', () => {
  const server = useScriptServer((s) => s.script('dir/Get', { json: [wireSection] }), {
    keepAliveTimeoutMs: 2_000,
  });

  it('the client still reuses its sockets', async () => {
    const client = testClient(server, { concurrency: CONCURRENCY });
    try {
      await Promise.all(Array.from({ length: BURST }, () => client.sections.list()));
      expect(server.requestsTo('dir/Get')).toHaveLength(BURST);
      expect(server.requests[0]?.headers.connection).toBe('keep-alive');
      expect(server.connections).toBeLessThanOrEqual(CONCURRENCY);
    } finally {
      await client.close();
    }
  });
});
