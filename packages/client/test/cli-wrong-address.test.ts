/**
 * A wrong base URL is named: when every attempt failed to connect, the CLI says nothing answered at
 * the origin and names the setting to check; a service that answers (even with an error) gets no such
 * line. Through the built bin, as a newcomer runs it.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requireBuiltBin } from './helpers/client.js';

const run = (args: string[]): Promise<{ code: number; stderr: string }> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [requireBuiltBin(), ...args],
      {
        // One retry: the line comes after the last attempt, however many there are.
        env: {
          PATH: process.env.PATH ?? '',
          SITECONTENT_API_KEY: 'k-wrong-address-test',
          SITECONTENT_SID: '1',
          SITECONTENT_RETRIES: '1',
        },
        timeout: 30_000,
      },
      (error, _stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stderr }),
    );
    child.stdin?.end();
  });

describe('sitecontent with a base URL where nothing answers', () => {
  it('fails naming --base-url and SITECONTENT_BASE_URL, and the origin it tried', async () => {
    const { code, stderr } = await run(['get', 'products', '--base-url', 'http://127.0.0.1:1']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/ECONNREFUSED/);
    expect(stderr).toContain(
      'nothing answered at http://127.0.0.1:1: check --base-url (or SITECONTENT_BASE_URL, in the environment or .env)',
    );
    expect(stderr).not.toContain('k-wrong-address-test');
  });

  it('a service that answers with an error gets no such line', async () => {
    const server = createServer((_req, res) => res.writeHead(503).end('down'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { code, stderr } = await run(['get', 'products', '--base-url', `http://127.0.0.1:${port}`]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/503/);
      expect(stderr).not.toContain('nothing answered');
    } finally {
      server.close();
    }
  });
});
