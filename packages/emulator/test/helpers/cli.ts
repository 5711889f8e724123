import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Builds the package so `dist/cli.js` matches the sources (incremental, quick when up to date). */
export function buildCli(): void {
  execFileSync(process.execPath, [require_tsc(), '-b', 'tsconfig.build.json'], {
    cwd: packageDir,
    stdio: 'inherit',
  });
}

function require_tsc(): string {
  return fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
}

export interface RunningCli {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/** Spawns `sitecontent-emulator serve …` and waits for its `Listening on` line. */
export async function serveCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunningCli> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no Listening line; stderr: ${stderr}`)), 15_000);
    child.stdout!.on('data', () => {
      const match = /^Listening on (http:\/\/\S+)\n/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((code) => reject(new Error(`exited ${code} before listening; stderr: ${stderr}`)));
  });
  return { child, url, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs the CLI to completion. */
export function runCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number | null; stdout: string; stderr: string };
    return { status: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}
