/**
 * Runs `sitecontent meta …` in-process with captured streams (the spawned-bin test in
 * meta-cli-bin.test.ts covers the real process).
 */
import { PassThrough } from 'node:stream';
import type { MetaCommandContext } from '../../src/cli/meta-command.js';
import { runMetaCommand } from '../../src/cli/meta-command.js';

export interface MetaRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface MetaRunOptions {
  isTTY?: boolean;
  /** Text typed on stdin (e.g. `'y\n'` for the confirmation). */
  input?: string;
  env?: Record<string, string | undefined>;
}

export async function runMeta(
  client: MetaCommandContext['client'],
  argv: string[],
  options: MetaRunOptions = {},
): Promise<MetaRun> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  if (options.input !== undefined) stdin.end(options.input);
  const isTTY = options.isTTY ?? false;
  const code = await runMetaCommand(argv, {
    client,
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY },
    stdin,
    isTTY,
    env: options.env ?? {},
  });
  stdin.destroy();
  return { code, stdout, stderr };
}
