// `sitecontent changes --state FILE` against the emulator: exit 0 / 3 / 0 around an edit, the
// state written only after a complete read (byte for byte the same when the service is down or
// fails mid-read), --json, and bad usage.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SiteContentClient } from '../src/index.js';
import { type ServiceProxy, startServiceProxy } from './helpers/change-servers.js';
import { runCli } from './helpers/cli.js';
import { closedPortUrl, TEST_KEY } from './helpers/server.js';

let emu: Emulator;
let proxy: ServiceProxy;
let client: SiteContentClient;
const dir = mkdtempSync(join(tmpdir(), 'sitecontent-changes-'));

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] } });
  proxy = await startServiceProxy(emu.url);
  client = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1 });
});

afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await emu?.close();
});

const env = (baseUrl = emu.url) => ({
  SITECONTENT_BASE_URL: baseUrl,
  SITECONTENT_API_KEY: TEST_KEY,
  SITECONTENT_SID: '1',
  SITECONTENT_RETRIES: '0',
});
const changes = (state: string, more: string[] = [], baseUrl?: string) =>
  runCli(['changes', '--state', state, ...more], env(baseUrl));

describe('sitecontent changes', () => {
  it('exits 3 on the first read, 0 when nothing changed, 3 naming the edited product, then 0 again', async () => {
    const state = join(dir, 'shop.state');
    const first = await changes(state);
    expect(first.code).toBe(3);
    expect(first.stdout).toMatch(
      /^first read: recorded \d+ products, \d+ sections, \d+ articles \(no earlier state in /,
    );
    expect(readFileSync(state, 'utf8')).toMatch(/^sitecontent-changes-state 1\n/);
    // A first read compared nothing: no "since" (it once said "since never").
    expect(first.stderr).toMatch(
      /^sitecontent: first read, nothing to compare with yet: the next run lists what changed from now on; \d+ requests, [\d.]+ s; state written to /,
    );
    expect(first.stderr).not.toContain('never');

    const same = await changes(state);
    expect(same).toMatchObject({ code: 0, stdout: '' });
    expect(same.stderr).toMatch(
      /^sitecontent: no changes since \d{4}-\d\d-\d\dT.*; \d+ requests, [\d.]+ s; state written to /,
    );

    const product = (await client.products.list({ cattx: 'phones' })).find((p) => p.shw)!;
    await client.products.update(product.id, { zag: 'Aurora X1, renamed' });
    const changed = await changes(state);
    expect(changed.code).toBe(3);
    expect(changed.stdout).toBe(
      `changed product ${product.id}  pages: product ${product.id}, section phones, sitemaps\n`,
    );
    expect(changed.stderr).toContain('sitecontent: 1 change since ');

    expect((await changes(state)).code).toBe(0);
  });

  it('a state read with other options is a first read that says so, not one with no state', async () => {
    const state = join(dir, 'scope.state');
    expect((await changes(state)).code).toBe(3);
    const written = /^written\t(\S+)$/m.exec(readFileSync(state, 'utf8'))?.[1];
    const wider = await changes(state, ['--meta']);
    expect(wider.code).toBe(3);
    expect(wider.stdout).toMatch(
      /^first read: recorded \d+ products, \d+ sections, \d+ articles \(the state in .*scope\.state, of .*, was read with other options\)\n$/,
    );
    expect(wider.stdout).toContain(`of ${written}, was read`);
    expect(wider.stderr).toMatch(/^sitecontent: first read, nothing to compare with yet/);
  });

  it('with the service down: exit 1 with the usual message, the state byte for byte as it was', async () => {
    const state = join(dir, 'down.state');
    expect((await changes(state)).code).toBe(3);
    const before = readFileSync(state);
    await client.products.update((await client.products.list())[0]!.id, { zag: 'Edited while down' });
    const down = await changes(state, [], await closedPortUrl());
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^sitecontent: .*dir\/Get.*ECONNREFUSED/s);
    expect(down.stdout).toBe('');
    expect(readFileSync(state).equals(before)).toBe(true);
  });

  it('a read that fails half way (sections answered, products 503) writes nothing either', async () => {
    const state = join(dir, 'half.state');
    expect((await changes(state, [], proxy.url)).code).toBe(3);
    const before = readFileSync(state);
    const product = (await client.products.list())[1]!;
    await client.products.update(product.id, { zag: 'Edited during an outage' });
    proxy.failing.add('goods/Get');
    proxy.seen.length = 0;
    const failed = await changes(state, [], proxy.url);
    proxy.failing.clear();
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^sitecontent: .*goods\/Get.*503/s);
    expect(proxy.seen.some((url) => url.startsWith('/v1/dir/Get'))).toBe(true);
    expect(readFileSync(state).equals(before)).toBe(true);
    // The edit is not lost: the next complete read reports it.
    const after = await changes(state, [], proxy.url);
    expect(after.code).toBe(3);
    expect(after.stdout).toContain(`changed product ${product.id} `);
  });

  it('--json: one object with each change, its pages and the cost', async () => {
    const state = join(dir, 'json.state');
    await changes(state);
    const product = (await client.products.list({ cattx: 'laptops' })).find((p) => p.shw)!;
    await client.products.update(product.id, { shw: false });
    const result = await changes(state, ['--json']);
    expect(result.code).toBe(3);
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({
      changed: true,
      first: false,
      since: expect.stringMatching(/^\d{4}-/),
      changes: [
        {
          kind: 'product',
          id: product.id,
          type: 'hidden',
          pages: { products: [String(product.id)], sections: ['laptops'], articles: [] },
        },
      ],
      requests: expect.any(Number),
    });
    expect(JSON.parse((await changes(state, ['--json'])).stdout)).toMatchObject({
      changed: false,
      changes: [],
    });
  });

  it('a record the client cannot read fails the read naming it and its field; the state is kept', async () => {
    const state = join(dir, 'invalid.state');
    expect((await changes(state)).code).toBe(3);
    const before = readFileSync(state);
    const [modification] = await client.modifications.list({
      goodsId: (await client.products.list())[2]!.id,
    });
    emu.exec(`UPDATE modifications SET color = 'teal' WHERE id = ${modification!.id}`);
    try {
      const failed = await changes(state);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/^sitecontent: goods\/Get: .*record \d+.*sku.*color/s);
      expect(readFileSync(state).equals(before)).toBe(true);
    } finally {
      emu.exec(`UPDATE modifications SET color = '#336699' WHERE id = ${modification!.id}`);
    }
  });

  it('bad usage is exit 2 with the command usage, before any request', async () => {
    const missing = await runCli(['changes'], env());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^sitecontent: missing --state FILE\n\nUsage: sitecontent changes/);
    const unknown = await changes(join(dir, 'x.state'), ['--jsno']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option --jsno (known: --state, --modifications, --meta');
    const foreign = join(dir, 'foreign.json');
    writeFileSync(foreign, '{"not":"a state"}');
    const notState = await changes(foreign);
    expect(notState.code).toBe(2);
    expect(notState.stderr).toContain(`--state ${foreign}: not a sitecontent changes state: line 1`);
    expect(readFileSync(foreign, 'utf8')).toBe('{"not":"a state"}');
    const noKey = await runCli(['changes', '--state', foreign], {
      SITECONTENT_BASE_URL: emu.url,
      SITECONTENT_SID: '1',
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('missing --key');
  });
});
