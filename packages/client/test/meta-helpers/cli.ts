/**
 * Runs `sitecontent meta …` in-process with captured streams (the spawned-bin test in
 * meta-cli-bin.test.ts covers the real process).
 */
import { PassThrough } from 'node:stream';
import { runMetaCommand } from '../../src/cli/meta-command.js';
import type { SiteContentClient } from '../../src/client.js';

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
  client: SiteContentClient,
  argv: string[],
  options: MetaRunOptions = {},
): Promise<MetaRun> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  if (options.input !== undefined) stdin.end(options.input);
  const isTTY = options.isTTY ?? false;
  const code = await runMetaCommand(
    argv,
    {
      stdout: { write: (chunk: string) => (stdout += chunk), isTTY },
      stderr: { write: (chunk: string) => (stderr += chunk), isTTY },
      stdin,
      isTTY,
      env: options.env ?? {},
    },
    () => client,
  );
  stdin.destroy();
  return { code, stdout, stderr };
}
