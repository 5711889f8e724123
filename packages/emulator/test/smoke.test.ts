import { describe, expect, it } from 'vitest';
import { call, useTestEmulator } from './helpers/index.js';

describe('startEmulator (demo seed)', () => {
  const emu = useTestEmulator();

  it('serves all read operations with 200 and a JSON array', async () => {
    const reads: [string, Record<string, string | number>][] = [
      ['goods/Get', { sid: 1 }],
      ['goods/SkuGet', { sid: 1, goods_id: 1 }],
      ['dir/Get', { sid: 1 }],
      ['article/Get', { sid: 1 }],
      ['meta/Get', { sid: 1, md: 'goods', id: 1 }],
      ['site/DomainDefault', { sid: 1 }],
      ['site/DomainAll', { sid: 1 }],
    ];
    for (const [op, query] of reads) {
      const res = await call(emu, op, { query });
      expect(res.status, op).toBe(200);
      expect(Array.isArray(res.json), op).toBe(true);
      expect(res.json.length, op).toBeGreaterThan(0);
    }
  });

  it('exposes url, sid, key and stats', async () => {
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.sid).toBe(1);
    expect(typeof emu.key).toBe('string');
    expect(emu.stats.byOperation['goods/Get']).toBeGreaterThan(0);
    expect(emu.stats.byStatus[200]).toBeGreaterThan(0);
  });
});
