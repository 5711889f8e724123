// What the suites that install the packed packages into a fresh project share (the consumer test, the
// hosts test): the child environment a user's shell would give, npm and npx on this process's Node,
// the versions the repository pins, the emulator started from the project's own bin, and a child
// process stopped for good.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ProcessResult, runProcess } from './process.js';
import { repoRoot } from './storefront.js';

export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The version of `name` the repository installed (its lockfile's): what a fresh project gets too. */
export const installedVersion = (name: string): string =>
  readJson(path.join(repoRoot, 'node_modules', name, 'package.json')).version;

/** npm's own CLI scripts, run with this process's Node (npm_execpath is set under `npm test`). */
export const npmCli = process.env.npm_execpath?.match(/npm-cli\.[cm]?js$/)
  ? process.env.npm_execpath
  : undefined;
export const npxCli = npmCli && path.join(path.dirname(npmCli), 'npx-cli.js');

/**
 * The environment of every child: this one without SITECONTENT_* (the connection must come from where
 * a user puts it) and without what `npm test` set for the repository's own package, with this Node
 * first on PATH (bins start with `#!/usr/bin/env node`, and the system's Node may be older).
 */
export function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(SITECONTENT_|npm_package_|npm_lifecycle_|npm_config_local_prefix$|npm_command$|INIT_CWD$)/.test(
          k,
        ),
    ),
  );
  return {
    ...env,
    PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}

/** Runs `command` to its end (killed after 180 s) with {@link childEnv} and `env` over it. */
export const run = (
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ProcessResult> => runProcess(command, args, { cwd, env: { ...childEnv(), ...env } });

export const npm = (args: string[], cwd: string) =>
  npmCli ? run(process.execPath, [npmCli, ...args], cwd) : run('npm', args, cwd);
export const npx = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  npxCli ? run(process.execPath, [npxCli, ...args], cwd, env) : run('npx', args, cwd, env);

/**
 * Installs the packed `tarballs` and `packages` (`name@version`) into `project`, as a user's
 * `npm install` does, from the registry's cache where it can; a failed install throws with the end
 * of its output.
 */
export async function installTarballs(
  project: string,
  tarballs: readonly { tarball: string }[],
  packages: readonly string[],
): Promise<ProcessResult> {
  const install = await npm(
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      ...tarballs.map((t) => t.tarball),
      ...packages,
    ],
    project,
  );
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.output.slice(-3000)}`);
  return install;
}

export interface EmulatorBin {
  child: ChildProcess;
  url: string;
  log: () => string;
}

/** Starts the emulator from the project's installed bin with `key` for `sid`; resolves once it listens. */
export function startEmulatorBin(
  project: string,
  access: { key: string; sid: number },
  seed: string[] = ['--seed', 'demo'],
): Promise<EmulatorBin> {
  const bin = path.join(project, 'node_modules', '.bin', 'sitecontent-emulator');
  const args = [bin, 'serve', '--port', '0', ...seed, '--key', access.key, '--sid', String(access.sid)];
  const child = spawn(process.execPath, args, {
    cwd: project,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c: Buffer) => {
    log += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    log += c.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start:\n${log}`)), 30_000);
    child.on('exit', (code) => reject(new Error(`the emulator exited with ${code}:\n${log}`)));
    child.stdout.on('data', () => {
      const url = /Listening on (\S+)/.exec(log)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, url, log: () => log });
    });
  });
}

/** Stops `child` (SIGTERM, SIGKILL after 5 s); with `group`, its whole process group. */
export async function stopChild(child: ChildProcess | undefined, group = false): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (group && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // Gone already.
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
