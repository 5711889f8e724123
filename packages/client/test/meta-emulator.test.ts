/**
 * The meta write-back over HTTP against the emulator (META.md): pull → edit → plan → push → pull,
 * idempotence and "invalid sends nothing" checked on the server's own counters, and the key never
 * in output.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DesiredMetaEntry, parseDesiredMetaText, serializeDesiredMeta } from '../src/index.js';
import { runMeta } from './meta-helpers/cli.js';
import { expectNoKey, sets, useDemoSite, useScratchDir } from './meta-helpers/emulator.js';

const dir = useScratchDir('meta-emulator-');

async function readEntries(file: string): Promise<DesiredMetaEntry[]> {
  return parseDesiredMetaText(
    await readFile(file, 'utf8'),
    file.endsWith('.json') ? 'json' : 'yaml',
  ) as DesiredMetaEntry[];
}

describe('meta pull | plan | push against the demo site', () => {
  const site = useDemoSite();

  for (const ext of ['yaml', 'json'] as const) {
    it(`pull → edit → plan → push → pull gives the edited ${ext} file back; a second push sends nothing`, async () => {
      const { emu, client } = site;
      const pulledFile = join(dir(), `pulled.${ext}`);
      const pull = await runMeta(client, ['pull', '--out', pulledFile]);
      expect(pull.code, pull.stderr).toBe(0);
      const pulled = await readEntries(pulledFile);
      const modules = new Set(pulled.map((entry) => entry.md));
      expect([...modules]).toEqual(expect.arrayContaining(['dir', 'goods']));
      expect(pulled.every((entry) => typeof entry.id === 'number' && entry.ttl !== undefined)).toBe(true);

      // Unchanged, the pulled file plans to nothing.
      const before = sets(emu);
      const same = await runMeta(client, ['plan', pulledFile]);
      expect(same.code, same.stdout + same.stderr).toBe(0);
      expect(same.stdout).toContain('Nothing to change.');

      const edited = pulled.map((entry) => ({ ...entry }));
      const product = edited.find((entry) => entry.md === 'goods');
      const section = edited.find((entry) => entry.md === 'dir');
      const empty = edited.find((entry) =>
        [entry.ttl, entry.dsc, entry.kwd, entry.og_title, entry.og_image].every((v) => v === ''),
      );
      if (product === undefined || section === undefined)
        throw new Error('demo seed has no product or section');
      product.ttl = `${product.ttl} — ${ext} edit`;
      section.dsc = `New description: "quotes", colons: and ${ext}`;
      if (empty !== undefined) {
        empty.og_title = 'Filled in';
        empty.og_image = '/images/filled.jpg';
      }
      const changedPages = empty === undefined ? 2 : 3;
      const editedFile = join(dir(), `edited.${ext}`);
      const editedText = serializeDesiredMeta(edited, ext);
      await writeFile(editedFile, editedText);

      const plan = await runMeta(client, ['plan', editedFile]);
      expect(plan.code, plan.stderr).toBe(3);
      expect(plan.stdout).toContain(`~ goods ${product.id}`);
      expect(plan.stdout).toContain(`→ ${JSON.stringify(product.ttl)}`);
      expect(plan.stdout).toMatch(new RegExp(`${changedPages} pages to update`));
      expect(plan.stdout).not.toContain('\u001b['); // not a TTY: no colour
      expect(sets(emu)).toBe(before);

      const push = await runMeta(client, ['push', editedFile, '--yes']);
      expect(push.code, push.stdout + push.stderr).toBe(0);
      expect(push.stdout).toContain(`${changedPages} updated, 0 unchanged, 0 failed`);
      expect(sets(emu)).toBe(before + changedPages);
      expect(push.stderr).toMatch(/\[\d+\/\d+\] updated goods/);

      const repulledFile = join(dir(), `repulled.${ext}`);
      const repull = await runMeta(client, ['pull', '--out', repulledFile]);
      expect(repull.code).toBe(0);
      expect(await readFile(repulledFile, 'utf8')).toBe(editedText);

      const afterFirst = sets(emu);
      const again = await runMeta(client, ['push', editedFile, '--yes']);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Nothing to change.');
      expect(sets(emu) - afterFirst).toBe(0);
      expectNoKey(emu, pull, same, plan, push, repull, again);
    });
  }

  it('pull to stdout is JSON; --md filters modules; --format yaml', async () => {
    const { emu, client } = site;
    const all = await runMeta(client, ['pull']);
    expect(all.code).toBe(0);
    const entries = JSON.parse(all.stdout) as DesiredMetaEntry[];
    const goods = await runMeta(client, ['pull', '--md', 'goods']);
    const onlyGoods = JSON.parse(goods.stdout) as DesiredMetaEntry[];
    expect(onlyGoods.length).toBeGreaterThan(0);
    expect(onlyGoods.every((entry) => entry.md === 'goods')).toBe(true);
    expect(onlyGoods).toEqual(entries.filter((entry) => entry.md === 'goods'));
    const yaml = await runMeta(client, ['pull', '--md', 'dir,goods', '--format', 'yaml']);
    expect(yaml.stdout.startsWith('- md: dir\n')).toBe(true);
    const skip = await runMeta(client, ['pull', '--skip-empty']);
    const nonEmpty = JSON.parse(skip.stdout) as DesiredMetaEntry[];
    expect(nonEmpty.length).toBeLessThanOrEqual(entries.length);
    expect(all.stderr).toMatch(
      /Pulled the meta of \d+ pages \(\d+ with values\) from site 1 at http:\/\/127\.0\.0\.1/,
    );
    const planFile = join(dir(), 'one.json');
    const first = onlyGoods[0] as DesiredMetaEntry;
    await writeFile(planFile, JSON.stringify([{ md: 'goods', id: first.id, ttl: `${first.ttl}!` }]));
    const json = await runMeta(client, ['plan', planFile, '--json']);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({
      version: 1,
      sid: emu.sid,
      entries: [
        { md: 'goods', id: first.id, changes: [{ field: 'ttl', from: first.ttl, to: `${first.ttl}!` }] },
      ],
      counts: { targets: 1, changed: 1, unchanged: 0, errors: 0 },
    });
    expectNoKey(emu, all, goods, yaml, skip, json);
  });

  it('an invalid file sends no request at all and names each bad entry', async () => {
    const { emu, client } = site;
    const file = join(dir(), 'invalid.yaml');
    await writeFile(
      file,
      [
        '- { md: goods, id: 1, ttl: fine }',
        `- { md: goods, id: 12, ttl: "${'x'.repeat(300)}" }`,
        '- { id: 4 }',
        '- { md: goods, id: abc }',
        '- { md: goods, id: 1, title: typo }',
        '',
      ].join('\n'),
    );
    const before = emu.stats.total;
    for (const command of ['plan', 'push']) {
      const run = await runMeta(client, [command, file, '--yes'].slice(0, command === 'plan' ? 2 : 3));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('entry 2 (md=goods id=12): ttl: 300 characters, over the limit of 255');
      expect(run.stderr).toContain('entry 3 (id=4): md: missing');
      expect(run.stderr).toContain('entry 4 (md=goods id=abc): id: must be a positive whole number');
      expect(run.stderr).toContain('entry 5 (md=goods id=1): unknown field "title"');
      expect(run.stderr).toContain('No request was sent.');
    }
    expect(emu.stats.total - before).toBe(0);
  });

  it('bad usage exits 2', async () => {
    const { client } = site;
    expect((await runMeta(client, [])).code).toBe(2);
    expect((await runMeta(client, ['plan'])).code).toBe(2);
    expect((await runMeta(client, ['plan', 'a.json', 'b.json'])).code).toBe(2);
    expect((await runMeta(client, ['push', 'a.json', '--concurrency', 'zero'])).code).toBe(2);
    expect((await runMeta(client, ['pull', '--md', 'nope'])).code).toBe(2);
    expect((await runMeta(client, ['pull', '--out', 'meta.txt'])).code).toBe(2);
    expect((await runMeta(client, ['plan', 'a.json', '--yes'])).code).toBe(2);
    expect((await runMeta(client, ['frobnicate'])).code).toBe(2);
    const help = await runMeta(client, ['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('meta <command>');
    expect((await runMeta(client, ['plan', join(dir(), 'does-not-exist.json')])).code).toBe(1);
  });
});
