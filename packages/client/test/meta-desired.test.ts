import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDesiredMetaIssue, isSiteContentError } from '../src/errors/index.js';
import {
  type DesiredMetaEntry,
  loadDesiredMetaFile,
  parseDesiredMetaText,
  serializeDesiredMeta,
  validateDesiredMeta,
} from '../src/index.js';

const messages = (input: unknown) => validateDesiredMeta(input).errors.map(formatDesiredMetaIssue);

describe('validateDesiredMeta', () => {
  it('accepts a valid list and normalises ids given as digit strings', () => {
    const result = validateDesiredMeta([
      { md: 'goods', id: 12, ttl: 'Phone', dsc: 'A phone' },
      { md: ' dir ', id: '5', og_image: '/img/5.jpg' },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([
      { md: 'goods', id: 12, ttl: 'Phone', dsc: 'A phone' },
      { md: 'dir', id: 5, og_image: '/img/5.jpg' },
    ]);
    // Absent fields stay absent (they are left alone, not cleared).
    expect(Object.keys(result.entries[1] ?? {})).toEqual(['md', 'id', 'og_image']);
  });

  it('rejects anything but a list', () => {
    expect(messages({ md: 'goods', id: 1 })).toEqual([expect.stringMatching(/^expected a list of entries/)]);
  });

  it('names each bad entry by position and target', () => {
    const errors = messages([
      { md: 'goods', id: 1, ttl: 'ok' },
      { md: 'goods', id: 12, ttl: 'x'.repeat(256) },
      { id: 3 },
      { md: 'goods', id: '' },
      { md: 'goods', id: 'abc' },
      { md: 'goods', id: -4 },
      { md: 'goods', id: 1.5 },
      { md: 'goods', id: 7, title: 'typo' },
      { md: 'goods', id: 8, dsc: 42 },
      'not an object',
      { md: '', id: 9 },
      { md: 'goods', id: 1, dsc: 'dup' },
    ]);
    expect(errors).toEqual([
      'entry 2 (md=goods id=12): ttl: 256 characters, over the limit of 255',
      'entry 3 (id=3): md: missing',
      'entry 4 (md=goods): id: must not be empty',
      'entry 5 (md=goods id=abc): id: must be a positive whole number, got "abc"',
      'entry 6 (md=goods id=-4): id: must be a positive whole number, got -4',
      'entry 7 (md=goods id=1.5): id: must be a positive whole number, got 1.5',
      'entry 8 (md=goods id=7): unknown field "title" (allowed: md, id, ttl, dsc, kwd, og_title, og_image)',
      'entry 9 (md=goods id=8): dsc: must be a string, got number 42 (quote it)',
      'entry 10: must be an object with md and id, got string "not an object"',
      'entry 11 (id=9): md: must not be empty',
      'entry 12 (md=goods id=1): duplicate target: entry 1 already sets md=goods id=1',
    ]);
  });

  it('treats a missing id and a bad md as errors', () => {
    expect(messages([{ md: 'goods' }, { md: 'Goods!', id: 1 }])).toEqual([
      'entry 1 (md=goods): id: missing',
      'entry 2 (md=Goods! id=1): md: must be a module name such as goods, dir, blog, news or article',
    ]);
  });

  it('enforces every hard limit in code points and rejects control characters', () => {
    const ok = validateDesiredMeta([
      { md: 'goods', id: 1, ttl: '😀'.repeat(255), dsc: 'd'.repeat(1000), kwd: 'k'.repeat(1000) },
      { md: 'goods', id: 2, og_title: 'o'.repeat(1000), og_image: `/${'i'.repeat(2047)}` },
    ]);
    expect(ok.errors).toEqual([]);
    expect(
      messages([
        { md: 'goods', id: 1, dsc: 'd'.repeat(1001), kwd: 'k'.repeat(1001), og_title: 'o'.repeat(1001) },
        { md: 'goods', id: 2, og_image: `/${'i'.repeat(2048)}` },
        { md: 'goods', id: 3, ttl: 'bell\u0007', og_image: '/a b.jpg' },
      ]),
    ).toEqual([
      'entry 1 (md=goods id=1): dsc: 1001 characters, over the limit of 1000',
      'entry 1 (md=goods id=1): kwd: 1001 characters, over the limit of 1000',
      'entry 1 (md=goods id=1): og_title: 1001 characters, over the limit of 1000',
      'entry 2 (md=goods id=2): og_image: 2049 characters, over the limit of 2048',
      'entry 3 (md=goods id=3): ttl: contains a control character',
      'entry 3 (md=goods id=3): og_image: must not contain whitespace (it is a path)',
    ]);
  });

  it('warns above the usual SEO lengths and for absolute og_image URLs, without failing', () => {
    const result = validateDesiredMeta([
      { md: 'goods', id: 1, ttl: 't'.repeat(61), dsc: 'd'.repeat(161) },
      { md: 'goods', id: 2, ttl: 't'.repeat(60), dsc: 'd'.repeat(160) },
      { md: 'dir', id: 3, og_image: 'https://cdn.example/x.jpg' },
      { md: 'dir', id: 4 },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.entries).toHaveLength(4);
    expect(result.warnings.map(formatDesiredMetaIssue)).toEqual([
      'entry 1 (md=goods id=1): ttl: 61 characters, longer than the usual 60',
      'entry 1 (md=goods id=1): dsc: 161 characters, longer than the usual 160',
      'entry 3 (md=dir id=3): og_image: the service expects a relative path, not a URL',
      'entry 4 (md=dir id=4): sets no field (nothing to do)',
    ]);
  });

  it('returns no entries at all when any entry is invalid', () => {
    const result = validateDesiredMeta([{ md: 'goods', id: 1 }, { md: 'goods' }]);
    expect(result.entries).toEqual([]);
  });
});

describe('desired-meta files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'meta-desired-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const entries: DesiredMetaEntry[] = [
    { md: 'goods', id: 1, ttl: '123', dsc: 'yes', kwd: '', og_title: 'line: with colon', og_image: '/a.jpg' },
    {
      md: 'blog',
      id: 20,
      ttl: 'x'.repeat(200),
      dsc: 'Multi\nline  ',
      kwd: 'quote \' and "',
      og_title: '#hash',
      og_image: '',
    },
  ];

  it('round-trips JSON and YAML exactly (numbers-as-text stay text)', () => {
    for (const format of ['json', 'yaml'] as const) {
      const text = serializeDesiredMeta(entries, format);
      const parsed = parseDesiredMetaText(text, format);
      expect(validateDesiredMeta(parsed).entries).toEqual(entries);
    }
    const yaml = serializeDesiredMeta(entries, 'yaml');
    expect(yaml).toContain('- md: goods\n  id: 1\n');
  });

  it('loads by extension and reports syntax errors and unknown files without throwing raw errors', async () => {
    await writeFile(join(dir, 'ok.yml'), '- md: goods\n  id: 3\n  ttl: Hello\n');
    await expect(loadDesiredMetaFile(join(dir, 'ok.yml'))).resolves.toMatchObject({
      format: 'yaml',
      entries: [{ md: 'goods', id: 3, ttl: 'Hello' }],
    });
    await writeFile(join(dir, 'bad.json'), '[{"md": "goods", "id": 1,}');
    const bad = await loadDesiredMetaFile(join(dir, 'bad.json')).catch((e: unknown) => e);
    expect(isSiteContentError(bad, 'invalid_desired_meta')).toBe(true);
    expect((bad as Error).message).toMatch(/bad\.json.*\n {2}not valid JSON/);

    await writeFile(join(dir, 'dupkey.yaml'), '- md: goods\n  id: 1\n  ttl: a\n  ttl: b\n');
    await expect(loadDesiredMetaFile(join(dir, 'dupkey.yaml'))).rejects.toThrow(/not valid YAML/);
    await expect(loadDesiredMetaFile(join(dir, 'missing.json'))).rejects.toThrow(
      /missing\.json[\s\S]*file not found/,
    );

    await writeFile(join(dir, 'invalid.yaml'), '- md: goods\n  id: 1\n- md: goods\n  id: 1\n');
    const invalid = await loadDesiredMetaFile(join(dir, 'invalid.yaml')).catch((e: unknown) => e);
    expect((invalid as Error).message).toContain(
      'entry 2 (md=goods id=1): duplicate target: entry 1 already sets',
    );
  });
});
