/** Keep-alive and the connection counter: idle sockets are kept 5 s and every accepted socket is counted. */
import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { KEY, startTestEmulator } from './helpers/index.js';

/** One GET through `agent` (or a fresh connection with `agent: false`); resolves with the response headers. */
function fetchWith(emu: Emulator, agent: Agent | false): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    get(`${emu.url}/v1/dir/Get?key=${KEY}&sid=1`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('connections', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  it('announces Keep-Alive: timeout=5', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = await fetchWith(emu, agent);
      expect(headers.connection).toBe('keep-alive');
      expect(headers['keep-alive']).toBe('timeout=5');
    } finally {
      agent.destroy();
    }
  });

  it('stats.connections counts accepted sockets: one for a kept-alive series, one per fresh socket', async () => {
    emu.resetStats();
    expect(emu.stats.connections).toBe(0);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 20; i++) await fetchWith(emu, agent);
    } finally {
      agent.destroy();
    }
    expect(emu.stats.total).toBe(20);
    expect(emu.stats.connections).toBe(1);
    await fetchWith(emu, false);
    await fetchWith(emu, false);
    expect(emu.stats.connections).toBe(3);
    emu.resetStats();
    expect(emu.stats.connections).toBe(0);
  });
});
