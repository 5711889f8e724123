/**
 * `--help` for every row of the command table (src/cli/commands.ts) and every word that may follow
 * its name, through the real bin (packages/client/dist, built by `npm run build:packages`): exit 0
 * and that command's usage with nothing but PATH in the environment, and not one connection when
 * every setting names a server that counts them. A new command or subcommand is covered by its row.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands.js';
import { USAGE } from '../src/cli/usage.js';
import { requireBuiltBin } from './helpers/client.js';
import { TEST_KEY, useScriptServer } from './helpers/server.js';

interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Every command and subcommand, with the usage its `--help` prints. */
const HELP_CASES = COMMANDS.flatMap((command) =>
  [[command.name], ...command.subcommands.map((word) => [command.name, word])].map((words) => ({
    words,
    usage: command.usage,
  })),
);

describe('sitecontent … --help (spawned bin)', () => {
  const server = useScriptServer();
  let cwd: string;

  // A folder without `.env`, so the environment given is all the bin can read.
  beforeAll(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'cli-help-'));
  });
  afterAll(async () => {
    if (cwd !== undefined) await rm(cwd, { recursive: true, force: true });
  });

  const sitecontent = (args: string[], env: Record<string, string> = {}): Promise<BinRun> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [requireBuiltBin(), ...args],
        { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end();
    });

  it.each(HELP_CASES)(
    '$words --help with an empty environment → 0 and its usage',
    async ({ words, usage }) => {
      const run = await sitecontent([...words, '--help']);
      expect(run, run.stderr).toEqual({ code: 0, stdout: usage, stderr: '' });
    },
  );

  it('sitecontent --help → 0 and the top-level usage, which names every command', async () => {
    const run = await sitecontent(['--help']);
    expect(run).toEqual({ code: 0, stdout: USAGE, stderr: '' });
    const listed = USAGE.slice(USAGE.indexOf('Commands:'), USAGE.indexOf('Connection'));
    for (const { name } of COMMANDS) expect(listed).toMatch(new RegExp(`^ {2}${name} `, 'm'));
  });

  it('-h with every setting given (a purge token too short to run with) connects to nothing', async () => {
    const env = {
      SITECONTENT_BASE_URL: server.url,
      SITECONTENT_API_KEY: TEST_KEY,
      SITECONTENT_SID: '7',
      SITECONTENT_SITE_URL: server.url,
      SITECONTENT_PURGE_TOKEN: 'short',
      SITECONTENT_PREVIEW_SECRET: 'p'.repeat(32),
    };
    for (const { words, usage } of HELP_CASES) {
      const run = await sitecontent([...words, '-h'], env);
      expect(run, `${words.join(' ')}: ${run.stderr}`).toEqual({ code: 0, stdout: usage, stderr: '' });
    }
    // Without -h the same short token is refused before anything runs.
    const refused = await sitecontent(['changes', '--state', join(cwd, 'state')], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('SITECONTENT_PURGE_TOKEN');
    expect(server.connections).toBe(0);
    expect(server.requests).toHaveLength(0);
  }, 60_000);
});
