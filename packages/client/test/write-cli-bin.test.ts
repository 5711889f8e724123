/**
 * `sitecontent set|create|delete` through the built bin against the emulator: a dry run prints the
 * change field by field, exits 3 and sends no write (counted on the server); `SITECONTENT_WRITE=1`
 * or `--write` sends it (exit 0) and `sitecontent changes` then names the record; bad usage is 2
 * before any request; the service down is 1; the site's pages are purged after a write.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SiteContentClient } from '../src/index.js';
import { runBin } from './helpers/bin.js';
import { type RecordingSite, startRecordingSite } from './helpers/change-servers.js';
import { closedPortUrl, TEST_KEY } from './helpers/server.js';

let emu: Emulator;
let client: SiteContentClient;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] } });
  client = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1, retries: 0 });
  dir = await mkdtemp(join(tmpdir(), 'write-cli-'));
});
afterAll(async () => {
  await client?.close();
  await emu?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

const connection = (baseUrl = emu.url) => ({
  SITECONTENT_BASE_URL: baseUrl,
  SITECONTENT_API_KEY: TEST_KEY,
  SITECONTENT_SID: '1',
  SITECONTENT_RETRIES: '0',
});
const sitecontent = (args: string[], env: Record<string, string> = {}, cwd = dir) =>
  runBin(args, { ...connection(), ...env }, cwd);
const writes = () =>
  ['goods/Set', 'goods/Write', 'goods/Delete', 'goods/SkuSet', 'goods/SkuWrite', 'dir/Set', 'meta/Set']
    .map((op) => emu.stats.byOperation[op] ?? 0)
    .reduce((a, b) => a + b, 0);

describe('sitecontent set (spawned bin)', () => {
  it('set product ID zag="…": exit 3 and nothing changed; with SITECONTENT_WRITE=1 exit 0 and the next changes names it', async () => {
    const state = join(dir, 'changes.state');
    expect((await sitecontent(['changes', '--state', state])).code).toBe(3); // the first read
    const product = (await client.products.list({ cattx: 'phones' })).find((p) => p.shw)!;
    const before = writes();

    const dry = await sitecontent(['set', 'product', String(product.id), 'zag=Aurora X1, renamed']);
    expect(dry.code, dry.stderr).toBe(3);
    expect(dry.stdout).toBe(
      `product ${product.id} (goods/Set):\n` +
        `  zag: ${JSON.stringify(product.zag)} → "Aurora X1, renamed"\n` +
        'Dry run: 1 field would change; nothing was sent (--write or SITECONTENT_WRITE=1 sends it).\n',
    );
    expect(writes()).toBe(before);
    expect((await client.products.list({ id: product.id }))[0]?.zag).toBe(product.zag);
    expect((await sitecontent(['changes', '--state', state])).code).toBe(0);

    const written = await sitecontent(['set', 'product', String(product.id), 'zag=Aurora X1, renamed'], {
      SITECONTENT_WRITE: '1',
    });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`Written: 1 field of product ${product.id} (goods/Set).\n`);
    expect(written.stdout).toContain('No purge: set SITECONTENT_SITE_URL and SITECONTENT_PURGE_TOKEN');
    expect(emu.stats.byOperation['goods/Set']).toBe(1);
    expect((await client.products.list({ id: product.id }))[0]?.zag).toBe('Aurora X1, renamed');

    const changes = await sitecontent(['changes', '--state', state]);
    expect(changes.code).toBe(3);
    expect(changes.stdout).toMatch(new RegExp(`^changed product ${product.id} `, 'm'));
  });

  it('--write sends too; the same values again change nothing: exit 0, no write sent', async () => {
    const [product] = await client.products.list({ cattx: 'headphones' });
    const id = String(product!.id);
    const sent = await sitecontent(['set', 'product', id, 'vendor=Lumen Works', 'shw=1', '--write']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toContain('  shw: 1 (unchanged)\n');
    const before = writes();
    const again = await sitecontent(['set', 'product', id, 'vendor=Lumen Works', '--write']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Nothing to change: product ${id} already has these values`);
    const dry = await sitecontent(['set', 'product', id, 'vendor=Lumen Works']);
    expect(dry.code).toBe(0);
    expect(writes()).toBe(before);
  });

  it('SITECONTENT_WRITE in a .env file is not the gate: the run stays a dry run', async () => {
    const project = await mkdtemp(join(dir, 'project-'));
    const env = Object.entries({ ...connection(), SITECONTENT_WRITE: '1' }).map(([k, v]) => `${k}=${v}`);
    await writeFile(join(project, '.env'), `${env.join('\n')}\n`);
    const [product] = await client.products.list();
    const before = writes();
    const run = await runBin(['set', 'product', String(product!.id), 'stxt=From a file'], {}, project);
    expect(run.code, run.stderr).toBe(3);
    expect(writes()).toBe(before);
  });

  it('modification, section, article and meta: typed values, shown old → new, written', async () => {
    const [product] = await client.products.list({ cattx: 'phones' });
    const [variant] = await client.modifications.list({ goodsId: product!.id });
    const set = (...args: string[]) => sitecontent(['set', ...args]);

    const price = await set('modification', String(variant!.id), 'price=12.50', 'color=#AABBCC');
    expect(price.code, price.stderr).toBe(3);
    expect(price.stdout).toContain(`  price: ${variant!.price} → 12.5\n`);
    expect(price.stdout).toContain('  color: ');
    expect(price.stdout).toContain('→ "#aabbcc"\n');
    expect((await set('modification', String(variant!.id), 'price=12.50', '--write')).code).toBe(0);
    expect((await client.modifications.list({ goodsId: product!.id, id: variant!.id }))[0]?.price).toBe(12.5);

    const [section] = await client.sections.list({ tx: 'audio' });
    const renamed = await set('section', String(section!.id), 'zag=Sound and lights', 'rlv=7', '--write');
    expect(renamed.code, renamed.stderr).toBe(0);
    expect((await client.sections.list({ id: section!.id }))[0]).toMatchObject({
      zag: 'Sound and lights',
      rlv: 7,
    });

    const [article] = await client.articles.list();
    const hidden = await set('article', String(article!.id), 'shw=0', '--write');
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(hidden.stdout).toContain('  shw: 1 → 0\n');
    expect((await client.articles.list({ id: article!.id }))[0]?.shw).toBe(false);

    const meta = await set('meta', 'goods', String(product!.id), 'ttl=Buy it now', 'kwd=');
    expect(meta.code).toBe(3);
    expect(meta.stdout).toMatch(/^meta goods \d+ \(meta\/Set\):\n {2}ttl: ".*" → "Buy it now"\n/);
    expect((await set('meta', 'goods', String(product!.id), 'ttl=Buy it now', '--write')).code).toBe(0);
    expect((await client.meta.get('goods', product!.id))?.ttl).toBe('Buy it now');
  });

  it('bad usage is exit 2 before any request, naming the operation, record and field', async () => {
    const served = emu.stats.total;
    const cases: [string[], RegExp][] = [
      [
        ['set', 'product', '3', 'titel=x'],
        /product 3 \(goods\/Set\): unknown field "titel"; the interface's product fields are catid, zag, stxt, txt, vendor, shw, dt/,
      ],
      [
        ['set', 'product', '3', 'shw=maybe'],
        /product 3 \(goods\/Set\): field shw="maybe": expected a flag 1 or 0/,
      ],
      [
        ['set', 'modification', '3', 'color=red'],
        /modification 3 \(goods\/SkuSet\): field color="red": colour must be #rrggbb/,
      ],
      [['set', 'product', '3', 'price=5'], /unknown field "price"/],
      [['set', 'article', 'x', 'zag=a'], /set article: ID must be a whole number, got "x"/],
      [['set', 'product', '3'], /name the fields to write as field=value/],
      [['set', 'product', '3', 'zag'], /expected field=value, got "zag"/],
      [['set', 'product', '3', 'zag=a', 'zag=b'], /field zag given twice/],
      [['set', 'widget', '3', 'zag=a'], /unknown record kind "widget"/],
      [['set', 'meta', '3', 'ttl=a'], /set meta 3: ID must be a whole number, got "ttl=a"/],
      [['set', 'product', '3', 'zag=a', '--force'], /unknown option --force \(known: --write, --help\)/],
      [['create', 'modification', 'price=1'], /name its product with goods_id=ID/],
      [['create', 'meta', 'ttl=a'], /meta is not created/],
      [['delete', 'section', '3'], /delete takes product only/],
    ];
    for (const [args, message] of cases) {
      const run = await sitecontent(args, { SITECONTENT_WRITE: '1' });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    expect(emu.stats.total).toBe(served);
  });

  it('the service down is exit 1 with the usual message; an unknown record is 1 and names it', async () => {
    const down = await runBin(
      ['set', 'product', '3', 'zag=x', '--write'],
      connection(await closedPortUrl()),
      dir,
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^sitecontent: goods\/Get .*ECONNREFUSED/s);
    const missing = await sitecontent(['set', 'product', '99999', 'zag=x', '--write']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'sitecontent: product 99999 not found: goods/Get has no record with id 99999\n',
    );
  });
});

describe('sitecontent create and delete (spawned bin)', () => {
  it('create product: a dry run shows the fields (exit 3), --write creates it and prints its id', async () => {
    const [section] = await client.sections.list({ tx: 'audio' });
    const before = emu.stats.byOperation['goods/Write'] ?? 0;
    const dry = await sitecontent(['create', 'product', 'zag=Desk lamp', `catid=${section!.id}`, 'shw=0']);
    expect(dry.code, dry.stderr).toBe(3);
    expect(dry.stdout).toBe(
      'new product (goods/Write):\n  zag: "Desk lamp"\n' +
        `  catid: ${section!.id}\n  shw: 0\n` +
        'Dry run: a product would be created; nothing was sent (--write or SITECONTENT_WRITE=1 sends it).\n',
    );
    expect(emu.stats.byOperation['goods/Write'] ?? 0).toBe(before);
    const made = await sitecontent(['create', 'product', 'zag=Desk lamp', `catid=${section!.id}`], {
      SITECONTENT_WRITE: '1',
    });
    expect(made.code, made.stderr).toBe(0);
    const id = Number(/Created product (\d+) \(goods\/Write\)/.exec(made.stdout)?.[1]);
    expect((await client.products.list({ id }))[0]).toMatchObject({ zag: 'Desk lamp', cattx: 'audio' });

    const variant = await sitecontent([
      'create',
      'modification',
      `goods_id=${id}`,
      'price=49',
      'articul=DL-1',
      '--write',
    ]);
    expect(variant.code, variant.stderr).toBe(0);
    expect(await client.modifications.list({ goodsId: id })).toMatchObject([{ price: 49, articul: 'DL-1' }]);
  });

  it('delete product: dry run (exit 3) leaves it; --write removes it; again is exit 1', async () => {
    const product = (await client.products.list()).at(-1)!;
    const dry = await sitecontent(['delete', 'product', String(product.id)]);
    expect(dry.code, dry.stderr).toBe(3);
    expect(dry.stdout).toContain(
      `product ${product.id} ${JSON.stringify(product.zag)} (goods/Delete): removes the product`,
    );
    expect(await client.products.list({ id: product.id })).toHaveLength(1);
    const gone = await sitecontent(['delete', 'product', String(product.id), '--write']);
    expect(gone.code, gone.stderr).toBe(0);
    expect(await client.products.list({ id: product.id })).toHaveLength(0);
    expect((await sitecontent(['delete', 'product', String(product.id), '--write'])).code).toBe(1);
  });
});

describe('the purge after a write (spawned bin)', () => {
  let site: RecordingSite;
  beforeAll(async () => {
    site = await startRecordingSite();
  });
  afterAll(async () => {
    await site?.close();
  });
  const purging = () => ({
    SITECONTENT_SITE_URL: site.url,
    SITECONTENT_PURGE_TOKEN: 'purge-token-0123456789',
    SITECONTENT_WRITE: '1',
  });

  it("purges the record's page and its section listing; a dry run purges nothing", async () => {
    const [product] = await client.products.list({ cattx: 'phones' });
    await sitecontent(['set', 'product', String(product!.id), 'stxt=Dry'], {
      ...purging(),
      SITECONTENT_WRITE: '',
    });
    expect(site.purges()).toEqual([]);
    const run = await sitecontent(['set', 'product', String(product!.id), 'stxt=Purged after'], purging());
    expect(run.code, run.stderr).toBe(0);
    expect(site.purges()).toEqual([{ products: [String(product!.id)], sections: ['phones'] }]);
    expect(run.stdout).toContain('Purged 2 cache tags: ');
    expect(run.stdout).not.toContain('purge-token-0123456789');
  });

  it('a purge the site refuses is exit 1, the record written all the same', async () => {
    const [product] = await client.products.list({ cattx: 'phones' });
    site.status = 503;
    try {
      const run = await sitecontent(
        ['set', 'product', String(product!.id), 'stxt=Written, not purged'],
        purging(),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('the record is written, purge its pages with sitecontent purge');
      expect((await client.products.list({ id: product!.id }))[0]?.stxt).toBe('Written, not purged');
    } finally {
      site.status = 200;
    }
  });
});
