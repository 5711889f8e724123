// `node bench/entry-bytes.mjs` (the README's command): what a product entry stores against the raw
// `goods/Get` record, on a small catalog. Sizes only, so its figures can be checked exactly against
// each other.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/storefront.js';

describe('node bench/entry-bytes.mjs', () => {
  it('prints the mean bytes of both, their ratio with and without section, URL and meta, and the fields', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['bench/entry-bytes.mjs', '--products', '60'],
      { cwd: repoRoot },
    );
    const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1]);
    const raw = number(/raw record \(goods\/Get row\), mean JSON bytes: (\d+)/);
    const ours = number(/our entry \(data \+ rendered\), mean JSON bytes: (\d+)/);
    const allowed = number(/ratio without section, url and seo \((\d+) bytes\)/);
    expect(raw).toBeGreaterThan(0);
    expect(ours).toBeGreaterThan(allowed);
    expect(number(/ratio: ([\d.]+)×/)).toBeCloseTo(ours / raw, 1);
    expect(number(/ratio without section, url and seo \(\d+ bytes\): ([\d.]+)×/)).toBeCloseTo(
      (ours - allowed) / raw,
      1,
    );
    expect(stdout).toMatch(/product entries: \d+ \(of 60 records\)/);
    expect(stdout).toMatch(/^ {2}rendered\.html +\d+$/m);
    // The stored entry carries neither the body twice nor an empty `extra`.
    const entry = JSON.parse(stdout.trim().split('\n').at(-1)!) as { data: Record<string, unknown> };
    expect(entry.data).not.toHaveProperty('txt');
    expect(entry.data).not.toHaveProperty('extra');
  });
});
