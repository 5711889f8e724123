import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli, serveCli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'sitecontent-emulator-'));
beforeAll(() => buildCli());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function get(url: string, op: string, query: string, key = 'k1') {
  const res = await fetch(`${url}/v1/${op}?key=${key}&${query}`);
  return { status: res.status, text: await res.text() };
}

async function post(url: string, op: string, body: string, key = 'k1') {
  const res = await fetch(`${url}/v1/${op}?key=${key}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, json: (await res.json()) as { message: string; id?: string }[] };
}

/** Waits for the greeting on stderr: it follows the `Listening on` line on stdout. */
async function greeted(cli: { stderr: () => string }): Promise<void> {
  for (let waited = 0; !cli.stderr().includes('Ctrl+C to stop it.') && waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('sitecontent-emulator serve', () => {
  it('prints exactly one Listening line and exits 0 on SIGTERM and on SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const cli = await serveCli(['--key', 'k1', '--sid', '1']);
      expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // A key typed with --key may be a real service's: the greeting names it, never shows it.
      await greeted(cli);
      expect(cli.stderr()).toContain('  SITECONTENT_API_KEY as given with --key (not shown), for sites 1\n');
      expect(cli.stderr()).not.toMatch(/\bk1\b/);
      expect((await get(cli.url, 'site/DomainDefault', 'sid=1')).text).toBe('[{"domain":"shop.example"}]');
      // A kept-alive connection must not hold the process open.
      cli.child.kill(signal);
      expect(await cli.exited).toBe(0);
      expect(cli.stdout()).toBe(`Listening on ${cli.url}\n`);
      expect(cli.stdout()).not.toContain('k1');
    }
  });

  it('greets a person on stderr: the URL, the site, its own key and how to stop; the settings work as printed', async () => {
    const cli = await serveCli([], { SITECONTENT_API_KEY: '', SITECONTENT_SID: '' });
    try {
      await greeted(cli);
      expect(cli.stderr()).toBe(
        [
          `Site Content emulator at ${cli.url} (the demo shop in site 1)`,
          `  SITECONTENT_BASE_URL=${cli.url}`,
          '  SITECONTENT_SID=1',
          "  SITECONTENT_API_KEY=dev-key   (the emulator's development key; it opens nothing but this emulator)",
          'It keeps this terminal while it runs; press Ctrl+C to stop it.',
          '',
        ].join('\n'),
      );
      const settings = Object.fromEntries(
        [...cli.stderr().matchAll(/^ {2}(SITECONTENT_\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]),
      );
      const answer = await fetch(
        `${settings.SITECONTENT_BASE_URL}/v1/goods/Get?key=${settings.SITECONTENT_API_KEY}&sid=${settings.SITECONTENT_SID}`,
      );
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      // Ctrl+C is SIGINT.
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
    }
    expect(cli.stdout()).toBe(`Listening on ${cli.url}\n`);
  });

  it('names a key from the environment without showing it (it may be a real service key)', async () => {
    const cli = await serveCli(['--seed', 'none'], {
      SITECONTENT_API_KEY: 'live-key-73f1',
      SITECONTENT_SID: '7',
    });
    await greeted(cli);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toContain(`Site Content emulator at ${cli.url} (no seed in site 7)\n`);
    expect(cli.stderr()).toContain(
      '  SITECONTENT_SID=7\n  SITECONTENT_API_KEY as in your environment (not shown)\n',
    );
    expect(cli.stderr() + cli.stdout()).not.toContain('live-key-73f1');
  });

  it('--verbose prints a line per answered request, the key masked', async () => {
    const cli = await serveCli(['--key', 'k1', '--sid', '1', '--verbose']);
    await greeted(cli);
    const one = await get(cli.url, 'goods/Get', 'sid=1&id=1');
    await get(cli.url, 'goods/Get', 'sid=1', 'wrong-key');
    for (let waited = 0; cli.stderr().split('\n').length < 8 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    const lines = cli
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('goods/Get '));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^goods/Get 200 \\d+ ms ${Buffer.byteLength(one.text)} bytes /v1/goods/Get\\?key=\\*\\*\\*&sid=1&id=1$`,
      ),
    );
    expect(lines[1]).toMatch(/^goods\/Get 401 \d+ ms \d+ bytes \/v1\/goods\/Get\?key=\*\*\*&sid=1$/);
    expect(cli.stderr()).not.toContain('wrong-key');
  });

  it('shows its request counts by operation and status: with --stats while it runs, and when it stops', async () => {
    const cli = await serveCli(['--key', 'k1', '--sid', '1', '--stats']);
    await get(cli.url, 'goods/Get', 'sid=1&id=1');
    await get(cli.url, 'goods/Get', 'sid=1&id=2');
    await get(cli.url, 'meta/Get', 'sid=1&md=goods&id=1');
    await get(cli.url, 'goods/Get', 'sid=1', 'wrong-key');
    // The live line comes within the 2 s tick, once, and not again while nothing changes.
    const live = '4 requests: goods/Get 3 (200 ×2, 401 ×1), meta/Get 1 (200 ×1)';
    for (let waited = 0; !cli.stderr().includes(live) && waited < 5_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const greeted = cli.stderr().slice(0, cli.stderr().indexOf('Ctrl+C to stop it.\n') + 19);
    expect(cli.stderr()).toBe(`${greeted}${live}\n`);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toBe(`${greeted}${live}\nServed ${live}\n`);
    expect(cli.stdout()).toBe(`Listening on ${cli.url}\n`);
  });

  it('an acknowledged write survives kill -9 and a restart on the same file', async () => {
    const db = join(dir, 'durable.db');
    const first = await serveCli(['--db', db, '--seed', 'none', '--key', 'k1', '--sid', '1']);
    const section = await post(first.url, 'dir/Write', 'sid=1&param[tx]=phones&param[zag]=Phones');
    const product = await post(first.url, 'goods/Write', 'sid=1&param[zag]=Durable&param[catid]=1');
    const meta = await post(first.url, 'meta/Set', 'sid=1&md=goods&id=1&param[ttl]=Kept');
    expect([section.status, product.status, meta.status]).toEqual([200, 200, 200]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await serveCli(['--db', db, '--seed', 'demo', '--key', 'k1', '--sid', '1']);
    try {
      const goods = JSON.parse((await get(second.url, 'goods/Get', 'sid=1')).text);
      // The site was not empty, so the demo seed was not applied on top.
      expect(goods).toMatchObject([{ id: product.json[0]!.id, zag: 'Durable', cattx: 'phones' }]);
      expect(JSON.parse((await get(second.url, 'meta/Get', 'sid=1&md=goods&id=1')).text)).toMatchObject([
        { ttl: 'Kept' },
      ]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const check = new DatabaseSync(db);
    expect(check.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect((check.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(1);
    check.close();
  });

  it('--key/--sid pairs, --keys FILE, quirks and fault flags', async () => {
    const keysFile = join(dir, 'keys.json');
    writeFileSync(keysFile, JSON.stringify({ filekey: [5] }));
    const cli = await serveCli([
      '--key',
      'k1',
      '--sid',
      '1',
      '--sid',
      '2',
      '--key',
      'k2',
      '--sid',
      '3',
      '--keys',
      keysFile,
      '--technical-domain',
      'example.net',
      '--quirks',
      'reference',
      '--fail-rate',
      '0',
    ]);
    try {
      expect((await get(cli.url, 'site/DomainDefault', 'sid=2')).text).toBe('[{"domain":"2.example.net",},]');
      expect((await get(cli.url, 'site/DomainDefault', 'sid=3', 'k2')).status).toBe(200);
      expect((await get(cli.url, 'site/DomainDefault', 'sid=5', 'filekey')).status).toBe(200);
      expect((await get(cli.url, 'site/DomainDefault', 'sid=3')).status).toBe(403);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
    const failing = await serveCli(['--fail-rate', '1', '--latency', '5+-2', '--fault-seed', '3'], {
      SITECONTENT_API_KEY: 'envkey',
      SITECONTENT_SID: '4',
    });
    try {
      const res = await fetch(`${failing.url}/v1/site/DomainDefault?key=envkey&sid=4`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
    } finally {
      failing.child.kill('SIGTERM');
      await failing.exited;
    }
    const throttling = await serveCli(['--throttle-rate', '1'], { SITECONTENT_API_KEY: 'envkey' });
    try {
      const res = await fetch(`${throttling.url}/v1/site/DomainDefault?key=envkey&sid=1`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
    } finally {
      throttling.child.kill('SIGTERM');
      await throttling.exited;
    }
  });

  it('serve --capacity N --latency MS serves N requests at once, the rest in turn', async () => {
    const cli = await serveCli(['--key', 'k1', '--sid', '1', '--capacity', '2', '--latency', '40']);
    try {
      const started = performance.now();
      const finished = await Promise.all(
        Array.from({ length: 6 }, async () => {
          expect((await get(cli.url, 'meta/Get', 'sid=1&md=goods&id=1')).status).toBe(200);
          return performance.now() - started;
        }),
      );
      // Two workers, 40 ms each: the last two answers need three turns, so at least 120 ms.
      expect(Math.max(...finished)).toBeGreaterThanOrEqual(115);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('serve --seed synthetic takes the size flags', async () => {
    const cli = await serveCli([
      '--key',
      'k1',
      '--sid',
      '1',
      '--seed',
      'synthetic',
      '--products',
      '25',
      '--sections',
      '4',
      '--articles',
      '3',
      '--mods-per-product',
      '1',
      '--synthetic-seed',
      '9',
    ]);
    try {
      expect(JSON.parse((await get(cli.url, 'goods/Get', 'sid=1')).text)).toHaveLength(25);
      expect(JSON.parse((await get(cli.url, 'dir/Get', 'sid=1')).text)).toHaveLength(4);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('rejects bad usage with exit code 2', () => {
    for (const args of [
      ['serve', '--bogus'],
      ['serve', '--seed', 'lots'],
      ['serve', '--sid', '1'],
      ['serve', '--fail-rate', '2'],
      ['serve', '--capacity', '0'],
      ['seed', '--demo'],
      ['frobnicate'],
    ]) {
      const res = runCli(args);
      expect(res.status, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('Usage:');
    }
    expect(runCli(['--help']).stdout).toContain('sitecontent-emulator serve');
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const res = runCli(['--version']);
    expect(res.status).toBe(0);
    expect(res.stdout).toBe(`${version}\n`);
  });
});

describe('sitecontent-emulator seed', () => {
  it('--demo fills a file that serve then reads; a second seed is refused', async () => {
    const db = join(dir, 'demo.db');
    const res = runCli(['seed', '--db', db, '--demo']);
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^Seeded demo into .* 33 products/);
    expect(runCli(['seed', '--db', db, '--demo']).status).toBe(1);
    const cli = await serveCli(['--db', db, '--seed', 'none', '--key', 'k1', '--sid', '1']);
    try {
      expect(JSON.parse((await get(cli.url, 'goods/Get', 'sid=1')).text)).toHaveLength(33);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('--synthetic is deterministic per seed', () => {
    const dump = (file: string) => {
      const db = new DatabaseSync(file);
      const rows = JSON.stringify([
        db.prepare('SELECT * FROM products ORDER BY id').all(),
        db.prepare('SELECT * FROM modifications ORDER BY id').all(),
        db.prepare('SELECT * FROM sections ORDER BY id').all(),
      ]);
      db.close();
      return rows;
    };
    const flags = [
      '--synthetic',
      '--products',
      '300',
      '--sections',
      '12',
      '--articles',
      '5',
      '--mods-per-product',
      '2',
    ];
    for (const [name, seed] of [
      ['a', '5'],
      ['b', '5'],
      ['c', '6'],
    ] as const) {
      expect(runCli(['seed', '--db', join(dir, `syn-${name}.db`), ...flags, '--seed', seed]).status).toBe(0);
    }
    expect(dump(join(dir, 'syn-a.db'))).toBe(dump(join(dir, 'syn-b.db')));
    expect(dump(join(dir, 'syn-a.db'))).not.toBe(dump(join(dir, 'syn-c.db')));
  });
});
