import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, startTestEmulator } from './helpers/index.js';

const sockets = () =>
  process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap' || r === 'TCPSocketWrap').length;

describe('clean shutdown', () => {
  it('close() resolves with a kept-alive connection open, frees the port and leaves no handle', async () => {
    const before = sockets();
    const emu = await startTestEmulator();
    await call(emu, 'goods/Get', { query: { sid: 1 } });
    await Promise.all([emu.close(), emu.close()]);
    // The port can be bound again at once.
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(emu.port, '127.0.0.1', () => probe.close(() => resolve()));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets()).toBeLessThanOrEqual(before);
    await expect(fetch(`${emu.url}/v1/goods/Get`)).rejects.toThrow();
    expect(emu.db.isOpen).toBe(false);
  });

  it('binds 127.0.0.1 on a free port by default', async () => {
    const [a, b] = await Promise.all([
      startTestEmulator({ seed: 'none' }),
      startTestEmulator({ seed: 'none' }),
    ]);
    try {
      expect(a.host).toBe('127.0.0.1');
      expect(a.port).not.toBe(b.port);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('the default key is generated for sid 1', async () => {
    const { startEmulator } = await import('../src/index.js');
    const emu = await startEmulator({ seed: 'none' });
    try {
      expect(emu.sid).toBe(1);
      expect(emu.key).toMatch(/^[0-9a-f]{32}$/);
      expect((await call(emu, 'dir/Get', { key: emu.key, query: { sid: 1 } })).status).toBe(200);
    } finally {
      await emu.close();
    }
  });
});
