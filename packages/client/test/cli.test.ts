import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { assertNoKey, requireBuiltBin } from './helpers/client.js';
import {
  wireArticle,
  wireDomain,
  wireMeta,
  wireModification,
  wireProduct,
  wireSection,
} from './helpers/fixtures.js';
import { TEST_KEY, useScriptServer } from './helpers/server.js';

const server = useScriptServer((s) => {
  s.script('goods/Get', { json: [wireProduct] });
  s.script('goods/SkuGet', { json: [wireModification] });
  s.script('dir/Get', { json: [wireSection] });
  s.script('article/Get', { json: [wireArticle] });
  s.script('meta/Get', { json: [wireMeta] });
  s.script('site/DomainDefault', { json: [{ domain: 'shop.example' }] });
  s.script('site/DomainAll', { json: [wireDomain] });
});

const run = runCli;

const conn = () => ['--base-url', server.url, '--key', TEST_KEY, '--sid', '7'];

describe('sitecontent get', () => {
  it('--json prints the typed records as one JSON array with ISO dates', async () => {
    const { code, stdout, stderr } = await run([...conn(), 'get', 'products', '--catid', '3', '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const data = JSON.parse(stdout);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: 12, catid: 3, shw: true, dt: '2023-11-14T22:13:20.000Z' });
    expect(data[0].img[0].urls.image).toMatch(/^https:\/\/shop\.example\/upload\/goods\/12\/a\.jpg$/);
    expect(Object.fromEntries(server.requestsTo('goods/Get')[0]!.query)).toMatchObject({
      sid: '7',
      catid: '3',
    });
  });

  it.each([
    [['products', '--id', '12', '--cattx', 'phones'], 'goods/Get', { id: '12', cattx: 'phones' }],
    [
      ['modifications', '--goods-id', '12', '--articul', 'PX-1', '--id', '101'],
      'goods/SkuGet',
      { goods_id: '12', articul: 'PX-1', id: '101' },
    ],
    [['sections', '--tx', 'phones', '--id', '3'], 'dir/Get', { tx: 'phones', id: '3' }],
    [
      ['articles', '--catid', '8', '--cattx', 'blog', '--id', '40'],
      'article/Get',
      { catid: '8', cattx: 'blog', id: '40' },
    ],
    [['meta', '--md', 'goods', '--id', '12'], 'meta/Get', { md: 'goods', id: '12' }],
    [['domain'], 'site/DomainDefault', {}],
    [['domains'], 'site/DomainAll', {}],
  ] as const)('get %j → %s, as JSON and as a table', async (args, op, query) => {
    const json = await run([...conn(), 'get', ...args, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toHaveLength(1);
    expect(Object.fromEntries(server.requestsTo(op)[0]!.query)).toEqual({
      key: TEST_KEY,
      sid: '7',
      ...query,
    });
    const table = await run([...conn(), 'get', ...args]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^-+( +-+)*$/);
  });

  it('a table is readable: header, booleans, dates', async () => {
    const { stdout } = await run([...conn(), 'get', 'domains']);
    expect(stdout).toBe(
      [
        'domain        active  ns                            paidtill',
        '------------  ------  ----------------------------  ----------',
        'shop.example  yes     ns1.host.test, ns2.host.test  2030-12-31',
        '',
      ].join('\n'),
    );
  });

  it('reads the connection from the environment; meta with no record prints []', async () => {
    server.script('meta/Get', { json: [] });
    const env = { SITECONTENT_BASE_URL: server.url, SITECONTENT_API_KEY: TEST_KEY, SITECONTENT_SID: '7' };
    const { code, stdout } = await run(['get', 'meta', '--md', 'dir', '--id', '5', '--json'], env);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
    expect((await run(['get', 'meta', '--md', 'dir', '--id', '5'], env)).stdout).toBe('No records.\n');
  });
});

describe('exit codes', () => {
  it.each([
    [[]],
    [['frobnicate']],
    [['get']],
    [['get', 'widgets']],
    [['get', 'products', '--tx', 'x']],
    [['get', 'products', '--id', 'abc']],
    [['get', 'products', '--unknown']],
    [['get', 'modifications']],
    [['get', 'meta', '--md', 'goods']],
    [['get', 'products', 'extra']],
  ])('bad usage %j → 2, nothing sent', async (args) => {
    const { code, stderr } = await run([...conn(), ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^sitecontent: /);
    expect(stderr).toContain('Usage:');
    expect(server.requests).toHaveLength(0);
  });

  it('an unknown flag is named with the flags the command knows', async () => {
    const get = await run([...conn(), 'get', 'products', '--cat-id', '3']);
    expect(get.code).toBe(2);
    expect(get.stderr).toContain(
      'sitecontent: unknown option --cat-id (known: --id, --catid, --cattx, --tx, --goods-id, --articul, --md, --json, --help)',
    );
    expect(get.stderr).not.toContain('positional');
    const meta = await run([...conn(), 'meta', 'pull', '--mdd', 'goods']);
    expect(meta.code).toBe(2);
    expect(meta.stderr).toContain('unknown option --mdd (known: --md, --out,');
    expect(server.requests).toHaveLength(0);
  });

  it("a mistake in get's arguments shows get's own usage, and what the resource takes", async () => {
    const wrong = await run([...conn(), 'get', 'products', '--tx', 'phones']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      'sitecontent: --tx does not apply to "get products" (it takes --id, --catid, --cattx)',
    );
    expect(wrong.stderr).toContain('Resources and their filters:');
    const none = await run([...conn(), 'get', 'domains', '--id', '1']);
    expect(none.stderr).toContain('--id does not apply to "get domains" (it takes no filter)');
    // Other commands' mistakes still show the top-level usage.
    expect((await run([...conn(), 'frobnicate'])).stderr).not.toContain('Resources and their filters:');
    expect(server.requests).toHaveLength(0);
  });

  it('missing connection settings → 2', async () => {
    expect((await run(['get', 'products'])).code).toBe(2);
    expect((await run(['--base-url', server.url, '--sid', '7', 'get', 'products'])).stderr).toContain(
      'missing --key',
    );
    expect(
      (await run(['--base-url', 'not a url', '--key', TEST_KEY, '--sid', '7', 'get', 'products'])).code,
    ).toBe(2);
    expect(
      (await run(['--base-url', server.url, '--key', TEST_KEY, '--sid', 'x', 'get', 'products'])).code,
    ).toBe(2);
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-v']) {
      const res = await run([flag]);
      expect(res.code).toBe(0);
      expect(res.stdout).toBe(`${version}\n`);
    }
  });

  it('--help → 0', async () => {
    expect((await run(['--help'])).code).toBe(0);
    const get = await run(['get', '--help']);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('modifications   --goods-id N');
  });

  it('a service error → 1 with the message on stderr, key redacted', async () => {
    server.script('dir/Get', { status: 401, json: [{ message: 'Invalid API key', error: 'unauthorized' }] });
    const { code, stdout, stderr } = await run([...conn(), 'get', 'sections', '--json']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('HTTP 401');
    expect(stderr).toContain('key=***');
  });

  it('a network error → 1, key redacted', async () => {
    const { code, stderr } = await run(
      ['--base-url', 'http://127.0.0.1:1', `--key=${TEST_KEY}`, '--sid=7', 'get', 'domains'],
      {
        SITECONTENT_RETRIES: '0',
      },
    );
    expect(code).toBe(1);
    expect(stderr).toContain('ECONNREFUSED');
  });
});

describe('the built bin', () => {
  const exec = promisify(execFile);

  it('runs with node, prints JSON and exits 0', async () => {
    const bin = requireBuiltBin();
    const { stdout } = await exec(process.execPath, [bin, 'get', 'sections', '--json'], {
      env: {
        ...process.env,
        SITECONTENT_BASE_URL: server.url,
        SITECONTENT_API_KEY: TEST_KEY,
        SITECONTENT_SID: '7',
      },
    });
    expect(JSON.parse(stdout)[0]).toMatchObject({ id: 3, tx: 'phones', shw: true });
  });

  it('exits 1 on a service error and 2 on bad usage, never printing the key', async () => {
    const bin = requireBuiltBin();
    server.script('dir/Get', { status: 500, body: 'oops' });
    const env = {
      ...process.env,
      SITECONTENT_BASE_URL: server.url,
      SITECONTENT_API_KEY: TEST_KEY,
      SITECONTENT_SID: '7',
      SITECONTENT_RETRIES: '0',
    };
    for (const [args, expected] of [
      [['get', 'sections'], 1],
      [['get', 'nothing'], 2],
    ] as const) {
      const err = await exec(process.execPath, [bin, ...args], { env }).then(
        () => undefined,
        (e: { code: number; stderr: string; stdout: string }) => e,
      );
      expect(err?.code).toBe(expected);
      assertNoKey(`${err?.stdout}${err?.stderr}`);
    }
  });
});
