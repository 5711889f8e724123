/** The built `sitecontent` bin spawned as a user runs it: not a terminal, only the environment given. */
import { execFile } from 'node:child_process';
import { assertNoKey, requireBuiltBin } from './client.js';

export interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bin with `args` and nothing but PATH and `env` in its environment, in `cwd` (default: this
 * process's); fails the test if the output shows the test key.
 */
export function runBin(args: string[], env: Record<string, string>, cwd?: string): Promise<BinRun> {
  const bin = requireBuiltBin();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000, ...(cwd ? { cwd } : {}) },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        assertNoKey(stdout);
        assertNoKey(stderr);
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(); // not a terminal, no input
  });
}
