// A child process run to its end, with its output: the end-to-end suites build sites, run CLIs and
// type-check projects this way (asynchronously, so servers of the test process answer meanwhile).
import { spawn } from 'node:child_process';

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as received. */
  output: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long. @default 180000 */
  timeoutMs?: number;
}

/** Runs `command args` and resolves when it exits; rejects only when it cannot be started. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result: ProcessResult = { code: null, stdout: '', stderr: '', output: '' };
    child.stdout.on('data', (chunk: Buffer) => {
      result.stdout += chunk.toString('utf8');
      result.output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      result.stderr += chunk.toString('utf8');
      result.output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 180_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      result.code = code;
      resolve(result);
    });
  });
}
