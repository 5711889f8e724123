import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { closedPortUrl } from './helpers/server.js';

const run = runCli;

const TOKEN = { SITECONTENT_PURGE_TOKEN: 'tok-91d2-c4e7-5a0b' };

describe('sitecontent purge', () => {
  it('names what is missing, with its usage, before any request', async () => {
    const noSite = await run(['purge', '--products', '1'], TOKEN);
    expect(noSite.code).toBe(2);
    expect(noSite.stderr).toMatch(
      /^sitecontent: missing --site \(or SITECONTENT_SITE_URL\)\n\nUsage: sitecontent purge/,
    );
    const noToken = await run(['purge', '--site', 'https://shop.example', '--products', '1']);
    expect(noToken.stderr).toContain('missing SITECONTENT_PURGE_TOKEN');
    const nothing = await run(['purge', '--site', 'https://shop.example'], TOKEN);
    expect(nothing.stderr).toContain('name something to purge: --products, --articles, --sections or --tags');
    const badSite = await run(['purge', '--site', 'ftp://shop.example', '--tags', 'x'], TOKEN);
    expect(badSite.stderr).toContain('--site must be an http(s) URL, got "ftp://shop.example"');
    const unknown = await run(['purge', '--site', 'https://shop.example', '--product', '1'], TOKEN);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option --product');
    for (const r of [noSite, noToken, nothing, badSite, unknown]) expect(r.code).toBe(2);
  });

  it('a site that cannot be reached is exit code 1 with the cause, the token never shown', async () => {
    const site = await closedPortUrl();
    const result = await run(['purge', '--site', site, '--products', '1,2'], TOKEN);
    expect(result.code).toBe(1);
    // Not a bare `fetch failed`: what failed underneath.
    expect(result.stderr).toMatch(
      new RegExp(
        `^sitecontent: purge at ${site}/_sitecontent/purge failed: fetch failed: connect ECONNREFUSED `,
      ),
    );
    expect(result.stderr).not.toContain(TOKEN.SITECONTENT_PURGE_TOKEN);
  });

  it('a refused token is masked where the answer echoes it, and the answer stays readable', async () => {
    // The purge endpoint's own answer to a bad token, the token echoed as a header would be.
    const site = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ ok: false, error: `missing or wrong token (got ${req.headers.authorization})` }),
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const result = await run(['purge', '--site', url, '--products', '1'], {
        SITECONTENT_PURGE_TOKEN: 'wrongtokenwrongtoken',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('missing or wrong token (got Bearer ***)');
    } finally {
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });
});
