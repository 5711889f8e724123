/**
 * The meta write-back over HTTP against the emulator (META.md): pull → edit → plan → push → pull,
 * idempotence and "invalid sends nothing" checked on the server's own counters, convergence under
 * injected faults, and the key never in output.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SiteContentClient } from '../src/index.js';
import { type DesiredMetaEntry, parseDesiredMetaText, serializeDesiredMeta } from '../src/meta-sync/index.js';
import { type MetaRun, runMeta } from './meta-helpers/cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'meta-emulator-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sets = (emu: Emulator): number => emu.stats.byOperation['meta/Set'] ?? 0;

function expectNoKey(emu: Emulator, ...runs: MetaRun[]): void {
  for (const run of runs) {
    expect(run.stdout).not.toContain(emu.key);
    expect(run.stderr).not.toContain(emu.key);
  }
}

async function readEntries(file: string): Promise<DesiredMetaEntry[]> {
  return parseDesiredMetaText(
    await readFile(file, 'utf8'),
    file.endsWith('.json') ? 'json' : 'yaml',
  ) as DesiredMetaEntry[];
}

describe('meta pull | plan | push against the demo site', () => {
  let emu: Emulator;
  let client: SiteContentClient;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
    client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  });
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  for (const ext of ['yaml', 'json'] as const) {
    it(`pull → edit → plan → push → pull gives the edited ${ext} file back; a second push sends nothing`, async () => {
      const pulledFile = join(dir, `pulled.${ext}`);
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
      const editedFile = join(dir, `edited.${ext}`);
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

      const repulledFile = join(dir, `repulled.${ext}`);
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
    const planFile = join(dir, 'one.json');
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
    const file = join(dir, 'invalid.yaml');
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

  it('push refuses without --yes when not on a terminal, asks on a terminal', async () => {
    const file = join(dir, 'confirm.json');
    const pulled = JSON.parse(
      (await runMeta(client, ['pull', '--md', 'goods'])).stdout,
    ) as DesiredMetaEntry[];
    const target = pulled[0];
    if (target === undefined) throw new Error('no product');
    await writeFile(file, JSON.stringify([{ md: 'goods', id: target.id, kwd: 'confirmed, keywords' }]));
    const before = sets(emu);

    const refused = await runMeta(client, ['push', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to write 1 page without --yes');
    expect(refused.stdout).toContain(`goods ${target.id}`); // the plan is still shown

    const declined = await runMeta(client, ['push', file], { isTTY: true, input: 'n\n' });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toMatch(/Write 1 field change to 1 page of site \d+ at .*\? \[y\/N\]/);
    expect(declined.stderr).toContain('Cancelled; nothing was written.');
    expect(declined.stdout).toContain('\u001b['); // a TTY: colour
    const closed = await runMeta(client, ['push', file], { isTTY: true, input: '' });
    expect(closed.code).toBe(1);
    expect(sets(emu)).toBe(before);

    const accepted = await runMeta(client, ['push', file], {
      isTTY: true,
      input: 'yes\n',
      env: { NO_COLOR: '1' },
    });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).not.toContain('\u001b[');
    expect(accepted.stderr).toContain('\r\u001b[2K');
    expect(accepted.stderr).toMatch(/█+ 1\/1 {2}1 updated, 0 unchanged, 0 failed/);
    expect(sets(emu)).toBe(before + 1);
    expect((await client.meta.get('goods', target.id))?.kwd).toBe('confirmed, keywords');
  });

  it('bad usage exits 2', async () => {
    expect((await runMeta(client, [])).code).toBe(2);
    expect((await runMeta(client, ['plan'])).code).toBe(2);
    expect((await runMeta(client, ['plan', 'a.json', 'b.json'])).code).toBe(2);
    expect((await runMeta(client, ['push', 'a.json', '--concurrency', 'zero'])).code).toBe(2);
    expect((await runMeta(client, ['pull', '--md', 'nope'])).code).toBe(2);
    expect((await runMeta(client, ['pull', '--out', 'meta.txt'])).code).toBe(2);
    expect((await runMeta(client, ['plan', 'a.json', '--yes'])).code).toBe(2);
    expect((await runMeta(client, ['frobnicate'])).code).toBe(2);
    const help = await runMeta(client, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('meta <command>');
    expect((await runMeta(client, ['plan', join(dir, 'does-not-exist.json')])).code).toBe(1);
  });
});

describe('meta push under injected faults', () => {
  let emu: Emulator;
  let steady: SiteContentClient;
  let flaky: SiteContentClient;
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      db: ':memory:',
      seed: 'demo',
      faults: { failRate: 0.2, resetRate: 0.1, seed: 42 },
    });
    // The client's own retries absorb most faults...
    steady = createClient({
      baseUrl: emu.url,
      apiKey: emu.key,
      sid: emu.sid,
      retries: 4,
      retryBaseDelayMs: 10,
    });
    // ...without them, faults reach the write-back, which must report them.
    flaky = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, retries: 0 });
  });
  afterAll(async () => {
    await flaky?.close();
    await steady?.close();
    await emu?.close();
  });

  it('a push with failures, run again, converges without resending what was written', {
    timeout: 120_000,
  }, async () => {
    let pull: MetaRun;
    do pull = await runMeta(steady, ['pull', '--md', 'goods']);
    while (pull.code !== 0);
    const desired = (JSON.parse(pull.stdout) as DesiredMetaEntry[])
      .slice(0, 12)
      .map((entry) => ({ md: entry.md, id: entry.id, ttl: `Converged ${entry.id}`, kwd: 'a, b' }));
    expect(desired).toHaveLength(12);
    const file = join(dir, 'faults.json');
    await writeFile(file, JSON.stringify(desired));

    const setsBefore = sets(emu);
    const first = await runMeta(flaky, ['push', file, '--yes', '--concurrency', '4']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/Run the same command again to retry them/);
    const notWritten = Number(/(\d+) pages? not written/.exec(first.stderr)?.[1]);
    expect(notWritten).toBeGreaterThan(0);
    expect(notWritten).toBeLessThan(12);
    const setsAfterFirst = sets(emu);
    const stale = desired
      .filter((entry) => emu.store.getMeta(emu.sid, entry.md, entry.id)?.ttl !== entry.ttl)
      .map((entry) => entry.id);
    expect(stale.length).toBeGreaterThan(0);

    // Re-runs go through a client that records which pages it is asked to write.
    const writtenIds: number[] = [];
    const recording = {
      ...steady,
      meta: {
        get: steady.meta.get,
        update: (...args: Parameters<SiteContentClient['meta']['update']>) => {
          writtenIds.push(args[1]);
          return steady.meta.update(...args);
        },
      },
    };

    const runs: MetaRun[] = [first];
    let run: MetaRun;
    do {
      run = await runMeta(recording, ['push', file, '--yes', '--concurrency', '4']);
      runs.push(run);
      expect([0, 1]).toContain(run.code);
    } while (run.code !== 0 && runs.length < 10);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(emu.stats.faults.fail + emu.stats.faults.reset).toBeGreaterThan(0);
    expect(setsAfterFirst - setsBefore).toBeGreaterThanOrEqual(12 - notWritten);
    // What the first run wrote is never written again: re-runs only write pages still stale.
    expect(writtenIds.length).toBeGreaterThanOrEqual(1);
    expect(stale).toEqual(expect.arrayContaining([...new Set(writtenIds)]));

    for (const entry of desired) {
      const stored = emu.store.getMeta(emu.sid, entry.md, entry.id);
      expect(stored?.ttl).toBe(entry.ttl);
      expect(stored?.kwd).toBe('a, b');
    }
    const afterConverged = sets(emu);
    let final: MetaRun;
    do final = await runMeta(steady, ['push', file, '--yes']);
    while (final.code !== 0);
    expect(final.stdout).toContain('Nothing to change.');
    expect(sets(emu)).toBe(afterConverged);
    expectNoKey(emu, ...runs, final);
  });
});

describe('a stored plan applied later', () => {
  it('is refused, with nothing sent, by a client of another site than the one it was made for', async () => {
    const emu = await startEmulator({ seed: 'demo', keys: { 'plan-key-0123456789': [1, 2] } });
    const site1 = createClient({ baseUrl: emu.url, apiKey: 'plan-key-0123456789', sid: 1 });
    const site2 = createClient({ baseUrl: emu.url, apiKey: 'plan-key-0123456789', sid: 2 });
    try {
      const { applyMetaPlan, planMetaChanges } = await import('../src/index.js');
      const plan = await planMetaChanges(site1, [{ md: 'goods', id: 1, ttl: 'Site 1 title' }]);
      const stored = JSON.parse(JSON.stringify(plan)) as typeof plan;
      expect(stored.sid).toBe(1);
      const before = sets(emu);
      const refused = await applyMetaPlan(site2, stored).catch((e: unknown) => e as Error);
      expect(refused).toMatchObject({ name: 'InvalidArgumentError' });
      expect((refused as Error).message).toContain(
        'the plan was made for site 1, the client is for site 2; nothing was sent',
      );
      expect(sets(emu)).toBe(before);
      expect((await applyMetaPlan(site1, stored)).counts.updated).toBe(1);
    } finally {
      await site1.close();
      await site2.close();
      await emu.close();
    }
  });
});
