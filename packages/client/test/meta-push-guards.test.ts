/**
 * A push writes only what was meant: it asks before writing unless told --yes, and a stored plan
 * is refused by a client of another site. Counted on the emulator's own meta writes.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmulator } from '@sitecontent/emulator';
import { describe, expect, it } from 'vitest';
import type { DesiredMetaEntry } from '../src/index.js';
import { createClient } from '../src/index.js';
import { runMeta } from './meta-helpers/cli.js';
import { sets, useDemoSite, useScratchDir } from './meta-helpers/emulator.js';

const dir = useScratchDir('meta-push-guards-');

describe('meta pull | plan | push against the demo site', () => {
  const site = useDemoSite();

  it('push refuses without --yes when not on a terminal, asks on a terminal', async () => {
    const { emu, client } = site;
    const file = join(dir(), 'confirm.json');
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
