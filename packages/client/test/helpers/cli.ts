/** The `sitecontent` CLI run in-process, as the tests call it: its output, and never the key in it. */
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { assertNoKey } from './client.js';

export async function runCli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: new PassThrough(),
    isTTY: false,
    env,
  });
  assertNoKey(stdout);
  assertNoKey(stderr);
  return { code, stdout, stderr };
}
