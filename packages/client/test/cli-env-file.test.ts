/**
 * `sitecontent` takes SITECONTENT_* from `.env` and `.env.local` in the working directory, as the
 * Astro integration does; the environment wins over the files and flags over both. Unit tests of the
 * merge, then the real bin spawned in a folder whose only connection is its `.env`.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvFiles, withEnvFiles } from '../src/env/env-files.js';
import { envSettings } from '../src/env/env-settings.js';
import { assertNoKey, requireBuiltBin } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { TEST_KEY, useScriptServer } from './helpers/server.js';

const server = useScriptServer((s) => {
  s.script('dir/Get', { json: [wireSection] });
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sitecontent-env-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A fresh folder under `dir` holding `files` (name → text). */
async function folder(name: string, files: Record<string, string>): Promise<string> {
  const target = path.join(dir, name);
  await mkdir(target);
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(target, file), text);
  return target;
}

describe('readEnvFiles / withEnvFiles', () => {
  it('reads only SITECONTENT_* from .env, with quotes, comments and export-free lines', async () => {
    const cwd = await folder('only-prefixed', {
      '.env': [
        '# the connection',
        'SITECONTENT_BASE_URL="http://127.0.0.1:9"',
        "SITECONTENT_API_KEY='k 1'",
        'SITECONTENT_SID=7 # site',
        'PATH=/nowhere',
        'OTHER=1',
      ].join('\n'),
    });
    expect(readEnvFiles(cwd)).toEqual({
      SITECONTENT_BASE_URL: 'http://127.0.0.1:9',
      SITECONTENT_API_KEY: 'k 1',
      SITECONTENT_SID: '7',
    });
  });

  it('lets .env.local win over .env', async () => {
    const cwd = await folder('local-wins', {
      '.env': 'SITECONTENT_SID=1\nSITECONTENT_RETRIES=2\n',
      '.env.local': 'SITECONTENT_SID=9\n',
    });
    expect(readEnvFiles(cwd)).toEqual({ SITECONTENT_SID: '9', SITECONTENT_RETRIES: '2' });
  });

  it('returns nothing when there is no .env', async () => {
    expect(readEnvFiles(await folder('none', {}))).toEqual({});
  });

  it('names the file it cannot read', async () => {
    const cwd = await folder('unreadable', {});
    await mkdir(path.join(cwd, '.env')); // a directory where the file belongs
    expect(() => readEnvFiles(cwd)).toThrow(/cannot read \.env: /);
  });

  it('lets the environment win over the files', async () => {
    const cwd = await folder('env-wins', { '.env': 'SITECONTENT_SID=1\nSITECONTENT_RETRIES=3\n' });
    expect(withEnvFiles(cwd, { SITECONTENT_SID: '5', HOME: '/h', UNSET: undefined })).toEqual({
      SITECONTENT_SID: '5',
      SITECONTENT_RETRIES: '3',
      HOME: '/h',
    });
  });
});

describe('the bin with a .env', () => {
  interface Run {
    code: number;
    stdout: string;
    stderr: string;
  }
  /** Runs the bin in `cwd` with no SITECONTENT_* in its environment but `env`. */
  function sitecontent(cwd: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
    const bin = requireBuiltBin();
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('SITECONTENT_')),
    );
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [bin, ...args],
        { cwd, env: { ...base, ...env }, timeout: 30_000 },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
          assertNoKey(stdout + stderr);
          resolve({ code, stdout, stderr });
        },
      );
    });
  }
  const dotenv = (baseUrl: string, sid = '7') =>
    `SITECONTENT_BASE_URL=${baseUrl}\nSITECONTENT_API_KEY=${TEST_KEY}\nSITECONTENT_SID=${sid}\n`;

  it('connects with the connection only in .env', async () => {
    const cwd = await folder('bin-dotenv', { '.env': dotenv(server.url) });
    const { code, stdout, stderr } = await sitecontent(cwd, ['get', 'sections', '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)[0]).toMatchObject({ id: 3, tx: 'phones' });
    const request = server.requestsTo('dir/Get').at(-1);
    expect(request?.query.get('sid')).toBe('7');
    expect(request?.query.get('key')).toBe(TEST_KEY);
  });

  it('lets a flag and the environment win over .env', async () => {
    // .env points at a closed port with the wrong site; the flag and the environment correct both.
    const cwd = await folder('bin-precedence', { '.env': dotenv('http://127.0.0.1:1', '1') });
    const { code, stderr } = await sitecontent(cwd, ['--base-url', server.url, 'get', 'sections', '--json'], {
      SITECONTENT_SID: '42',
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(server.requestsTo('dir/Get').at(-1)?.query.get('sid')).toBe('42');
  });

  it('reports what is missing when neither .env nor the environment has it', async () => {
    const cwd = await folder('bin-missing', { '.env': `SITECONTENT_BASE_URL=${server.url}\n` });
    const { code, stderr } = await sitecontent(cwd, ['get', 'sections']);
    expect(code).toBe(2);
    expect(stderr).toContain('missing --key (or SITECONTENT_API_KEY, in the environment or .env)');
  });

  it('one precedence: flags over the environment over the files; set empty, a name is unset', () => {
    const layers = {
      flags: { SITECONTENT_SID: '9', SITECONTENT_API_KEY: undefined },
      processEnv: { SITECONTENT_SID: '5', SITECONTENT_API_KEY: 'env', SITECONTENT_BASE_URL: '' },
      files: { SITECONTENT_SID: '1', SITECONTENT_API_KEY: 'file', SITECONTENT_BASE_URL: 'http://file' },
    };
    expect(envSettings(layers, ['SITECONTENT_SID', 'SITECONTENT_API_KEY', 'SITECONTENT_BASE_URL'])).toEqual({
      SITECONTENT_SID: '9',
      SITECONTENT_API_KEY: 'env',
      SITECONTENT_BASE_URL: undefined,
    });
  });
});
