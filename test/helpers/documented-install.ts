// The documented install before the first release: the shell blocks of the install page
// (snippets/install/tarballs.sh) and the ten-minutes guide (snippets/start/tarballs.sh), run as written
// in a project. A block has two parts: the checkout's commands (`npm ci`, `npm run pack`), then, after
// its `# in your Astro project` comment, the project's. Only the checkout's path in the tarballs'
// paths is replaced, by the folder the suite packed into.
import { type ChildProcess, spawn } from 'node:child_process';
import { snippet } from '../docs/snippets.js';
import { childEnv, npmCli, npxCli } from './packed-project.js';
import { type ProcessResult, runProcess } from './process.js';

export interface DocumentedInstall {
  /** The commands run in the checkout, without their comments. */
  checkout: string[];
  /** The commands run in the project, the packs folder put in, comments kept (sh reads them). */
  project: string[];
}

/** The checkout paths the documents write before `packs/`. */
const CHECKOUT_PACKS = /(?:\/path\/to\/checkout|\.\.\/sitecontent-astro)\/packs\//g;

/** The block that becomes `file`, split into its checkout and project commands, with `packs` put in. */
export function documentedInstall(file: string, packs: string): DocumentedInstall {
  const lines = snippet(file)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const split = lines.findIndex((line) => /^# in your Astro project/.test(line));
  if (split < 0) throw new Error(`${file}: no "# in your Astro project" line`);
  const commands = (part: string[]) => part.filter((line) => !line.startsWith('#'));
  const project = commands(lines.slice(split + 1)).map((line) => line.replace(CHECKOUT_PACKS, `${packs}/`));
  // Every tarball named must be one of the packed ones, or the install would not test what it says.
  const elsewhere = project
    .flatMap((line) => line.match(/\S+\.tgz/g) ?? [])
    .filter((t) => !t.startsWith(packs));
  if (elsewhere.length > 0) throw new Error(`${file}: tarballs outside the checkout's packs/: ${elsewhere}`);
  return {
    checkout: commands(lines.slice(0, split)).map((line) => line.replace(/\s+#.*$/, '')),
    project,
  };
}

/**
 * A shell script running `commands` one after another, stopping at the first that fails, with `npm`
 * and `npx` on this process's Node (npm's own scripts, as the other packed-project helpers run them).
 */
function script(commands: string[]): string {
  const prelude = ['set -e'];
  if (npmCli && npxCli) {
    prelude.push(
      `npm() { "${process.execPath}" "${npmCli}" "$@"; }`,
      `npx() { "${process.execPath}" "${npxCli}" "$@"; }`,
    );
  }
  return [...prelude, ...commands].join('\n');
}

/** npm's settings from the environment, as a user's .npmrc could hold them: no audit, the cache first. */
const npmSettings = {
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_prefer_offline: 'true',
};

/** Runs `commands` with sh in `cwd` to their end (at most 300 s). */
export const runCommands = (commands: string[], cwd: string): Promise<ProcessResult> =>
  runProcess('sh', ['-c', script(commands)], {
    cwd,
    env: { ...childEnv(), ...npmSettings },
    timeoutMs: 300_000,
  });

/** Starts `command` (one that holds the terminal: a server) with sh in `cwd`, in a process group of its own. */
export function startCommand(command: string, cwd: string): { child: ChildProcess; output: () => string } {
  const child = spawn('sh', ['-c', script([command])], {
    cwd,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return { child, output: () => output };
}
