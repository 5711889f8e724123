import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAssetsDir } from '../src/index.js';
import { call, useTestEmulator } from './helpers/index.js';

/** A GET of `rawPath` as sent, not normalized (fetch would resolve its dot segments first). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path: rawPath }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the demo photos at /img/', () => {
  const emu = useTestEmulator();

  it("serves every demo product photo at its path, as the shop's site would: no key, typed, with a freshness", async () => {
    const [product] = await call(emu, 'goods/Get', { query: { sid: 1 } }).then((r) => r.json);
    const image = product.img[0];
    const res = await fetch(`${emu.url}${image.path}${image.image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const file = path.join(demoAssetsDir, image.path, image.image);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    const head = await fetch(`${emu.url}${image.path}${image.image_big}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('answers 404 outside assets/img and for what is not an image, 405 for other methods', async () => {
    for (const url of [
      '/img/goods/none.svg',
      '/img/../package.json',
      '/img/../../package.json',
      '/img/%2e%2e/%2e%2e/package.json',
      '/img/..%2f..%2fpackage.json',
      '/img/goods/',
      '/img/%zz.svg',
    ]) {
      const res = await rawGet(emu.url, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain('"name"');
    }
    const post = await fetch(`${emu.url}/img/goods/none.svg`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('are no operation of the interface: not counted, and /v1/ answers as before', async () => {
    emu.resetStats();
    await fetch(`${emu.url}/img/goods/none.svg`);
    expect(emu.stats.total).toBe(0);
    const outside = await fetch(`${emu.url}/images/x.svg`);
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { error: string }[])[0]?.error).toBe('not_found');
  });
});
