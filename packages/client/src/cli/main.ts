/**
 * `sitecontent` entry point: reads the command table (commands.ts) and runs the named command with
 * a client made only if it asks for one. `--help` and `-h` print a command's usage without reading
 * any setting. Exit codes: 0 ok, 1 service or network error, 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { withEnvFiles } from '../env/env-files.js';
import { hostEnv } from '../env/environment.js';
import { USER_SECRET_ENV, userSecretProblems } from '../env/user-secrets.js';
import { maskSecret, redactText } from '../text/redact.js';
import { shortSecretProblem } from '../text/secret-length.js';
import { addressHint } from './address-hint.js';
import { findCommand } from './commands.js';
import { type LazyConnection, lazyConnection } from './connection.js';
import { type CliIo, UsageError } from './context.js';
import { splitGlobalFlags } from './global-flags.js';
import { USAGE } from './usage.js';

/** True when `args` ask for help: `--help` or `-h` before any `--`. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let apiKey: string | undefined;
  let connection: LazyConnection | undefined;
  try {
    const { globals, rest } = splitGlobalFlags(argv);
    apiKey = globals.key ?? io.env.SITECONTENT_API_KEY;
    const [name, ...args] = rest;
    if (name === '-h' || name === '--help' || name === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    if (name === '-v' || name === '--version') {
      io.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    const command = name === undefined ? undefined : findCommand(name);
    if (command !== undefined && asksForHelp(args)) {
      io.stdout.write(command.usage);
      return 0;
    }
    // A short purge token or preview secret is refused whatever the command: every error printed masks
    // both, which would hide ordinary words were one of them short.
    const weak = userSecretProblems(io.env);
    if (weak.length > 0) throw new UsageError(weak.join('; '));
    if (command === undefined)
      throw new UsageError(name === undefined ? 'missing command' : `unknown command "${name}"`);
    connection = lazyConnection(globals, io);
    return await command.run(args, { ...io, apiKey }, connection.connect);
  } catch (err) {
    // Client errors are already redacted; anything else is redacted here as a last line of defence.
    const shown = (text: string) => maskUserSecrets(redactText(text, apiKey), io.env);
    if (err instanceof UsageError) {
      io.stderr.write(`sitecontent: ${shown(err.message)}\n\n${err.usage ?? USAGE}`);
      return 2;
    }
    io.stderr.write(`sitecontent: ${shown(err instanceof Error ? err.message : String(err))}\n`);
    const hint = addressHint(err);
    if (hint !== undefined) io.stderr.write(`sitecontent: ${shown(hint)}\n`);
    return 1;
  } finally {
    await connection?.close();
  }
}

/** `text` with the purge token and the preview secret masked, those long enough to be no word of it. */
function maskUserSecrets(text: string, env: CliIo['env']): string {
  return USER_SECRET_ENV.filter((name) => shortSecretProblem(name, env[name]) === undefined).reduce(
    (masked, name) => maskSecret(masked, env[name]),
    text,
  );
}

/** Runs the CLI for this process: its arguments, standard streams, and environment over `.env` files. */
export async function runCli(): Promise<void> {
  let env: CliIo['env'];
  try {
    env = withEnvFiles(process.cwd(), hostEnv());
  } catch (err) {
    process.stderr.write(`sitecontent: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
    return;
  }
  process.exitCode = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    isTTY: Boolean(process.stdout.isTTY && process.stdin.isTTY),
    env,
  });
}

/** This package's version: `package.json` is two folders up from both `src/cli/` and `dist/cli/`. */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
