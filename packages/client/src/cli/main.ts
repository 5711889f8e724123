/**
 * `sitecontent` entry point: the connection from flags, else the environment or `.env`; dispatches
 * the commands. Exit codes: 0 ok, 1 service or network error, 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { createClient, type SiteContentClient } from '../client.js';
import { withEnvFiles } from '../env/env-files.js';
import { DEBUG_ENV, debugRequested, envSettings } from '../env/env-settings.js';
import { USER_SECRET_ENV, userSecretProblems } from '../env/user-secrets.js';
import { isSiteContentError } from '../errors/guards.js';
import type { ClientOptions } from '../options.js';
import { maskSecret, redactText } from '../text/redact.js';
import { shortSecretProblem } from '../text/secret-length.js';
import { runChangesCommand } from './changes-command.js';
import { type CliIo, UsageError } from './context.js';
import { GET_USAGE, parseGetArgs, runGetCommand } from './get-command.js';
import { runMetaCommand } from './meta-command.js';
import { runPreviewLinkCommand } from './preview-link-command.js';
import { runPurgeCommand } from './purge-command.js';
import { runWatchCommand } from './watch-command.js';

export const USAGE = `Usage: sitecontent [--base-url URL] [--key KEY] [--sid N] [--verbose] <command> ...
       sitecontent --version

Commands:
  get <products|modifications|sections|articles|meta|domain|domains> [filters] [--json]
  meta <pull|plan|push> ...        (sitecontent meta --help)
  purge [--site URL] [--products IDS] ...  drop cached pages of an on-demand site (sitecontent purge --help)
  changes --state FILE [--json]            what changed since FILE; exit 3 when something did (sitecontent changes --help)
  watch --state FILE --interval SECONDS    follow changes, purge their pages, post a build hook (sitecontent watch --help)
  preview-link product|article|section ID  a signed, expiring link showing a hidden record (sitecontent preview-link --help)

Connection (flags win over the environment, the environment over .env and .env.local here):
  --base-url URL   SITECONTENT_BASE_URL   service root; operations are under URL/v1/
  --key KEY        SITECONTENT_API_KEY    API key (never printed)
  --sid N          SITECONTENT_SID        site number
  SITECONTENT_RETRIES=N                   retries per request (default 4)

Debugging:
  --verbose        SITECONTENT_DEBUG=1    a line per request to the service on stderr: operation, status,
                                          milliseconds, bytes, retry number, URL (key=***)

Exit codes: 0 ok, 1 service or network error, 2 bad usage (sitecontent changes: 3 something changed).
`;

const GLOBAL = { '--base-url': 'baseUrl', '--key': 'key', '--sid': 'sid' } as const;
type Globals = Partial<Record<(typeof GLOBAL)[keyof typeof GLOBAL], string>> & { verbose?: boolean };

/** Takes the connection flags out of `argv` wherever they are; the rest goes to the command. */
export function splitGlobalFlags(argv: string[]): { globals: Globals; rest: string[] } {
  const globals: Globals = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--verbose') {
      globals.verbose = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!(flag in GLOBAL)) {
      rest.push(arg);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    globals[GLOBAL[flag as keyof typeof GLOBAL]] = value;
  }
  return { globals, rest };
}

function connect(
  globals: Globals,
  io: Pick<CliIo, 'env' | 'stderr'>,
  extra: Pick<ClientOptions, 'onRequest'> = {},
): SiteContentClient {
  const { env } = io;
  const {
    SITECONTENT_BASE_URL: baseUrl,
    SITECONTENT_API_KEY: apiKey,
    SITECONTENT_SID: sid,
  } = envSettings({
    flags: {
      SITECONTENT_BASE_URL: globals.baseUrl,
      SITECONTENT_API_KEY: globals.key,
      SITECONTENT_SID: globals.sid,
    },
    processEnv: env,
  });
  if (!baseUrl)
    throw new UsageError('missing --base-url (or SITECONTENT_BASE_URL, in the environment or .env)');
  if (!apiKey) throw new UsageError('missing --key (or SITECONTENT_API_KEY, in the environment or .env)');
  if (!sid) throw new UsageError('missing --sid (or SITECONTENT_SID, in the environment or .env)');
  if (!/^\d+$/.test(sid)) throw new UsageError(`--sid must be a whole number, got "${sid}"`);
  const retries = env.SITECONTENT_RETRIES;
  if (retries !== undefined && !/^\d+$/.test(retries))
    throw new UsageError('SITECONTENT_RETRIES must be a whole number');
  // `--verbose` stands where a flag does in the one precedence: over the environment and `.env`.
  const debug = debugRequested({
    flags: { [DEBUG_ENV]: globals.verbose ? '1' : undefined },
    processEnv: env,
  });
  try {
    return createClient({
      baseUrl,
      apiKey,
      sid: Number(sid),
      userAgent: 'sitecontent-cli',
      ...(debug ? { requestLog: (line: string) => io.stderr.write(`sitecontent: ${line}\n`) } : {}),
      ...extra,
      ...(retries === undefined ? {} : { retries: Number(retries) }),
    });
  } catch (err) {
    if (isSiteContentError(err, 'invalid_argument')) throw new UsageError(err.message);
    throw err;
  }
}

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let apiKey: string | undefined;
  let client: SiteContentClient | undefined;
  try {
    const { globals, rest } = splitGlobalFlags(argv);
    apiKey = globals.key ?? io.env.SITECONTENT_API_KEY;
    const [command, ...args] = rest;
    if (command === '-h' || command === '--help' || command === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    if (command === '-v' || command === '--version') {
      io.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    // A short purge token or preview secret is refused whatever the command: every error printed masks
    // both, which would hide ordinary words were one of them short.
    const weak = userSecretProblems(io.env);
    if (weak.length > 0) throw new UsageError(weak.join('; '));
    if (command === 'get') {
      const req = parseGetArgs(args); // usage errors before any connection
      if (req.help) {
        io.stdout.write(GET_USAGE);
        return 0;
      }
      client = connect(globals, io);
      return await runGetCommand(args, { ...io, client, apiKey });
    }
    if (command === 'purge') return await runPurgeCommand(args, io);
    if (command === 'preview-link')
      return await runPreviewLinkCommand(args, io, () => (client = connect(globals, io)));
    if (command === 'changes')
      return await runChangesCommand(args, io, () => (client = connect(globals, io)));
    if (command === 'watch') {
      const counted = (onRequest: () => void) => (client = connect(globals, io, { onRequest }));
      return await runWatchCommand(args, io, counted);
    }
    if (command === 'meta') {
      client = connect(globals, io);
      return await runMetaCommand(args, { ...io, client, apiKey });
    }
    throw new UsageError(command === undefined ? 'missing command' : `unknown command "${command}"`);
  } catch (err) {
    // Client errors are already redacted; anything else is redacted here as a last line of defence.
    const shown = (text: string) => maskUserSecrets(redactText(text, apiKey), io.env);
    if (err instanceof UsageError) {
      io.stderr.write(`sitecontent: ${shown(err.message)}\n\n${err.usage ?? USAGE}`);
      return 2;
    }
    io.stderr.write(`sitecontent: ${shown(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  } finally {
    await client?.close();
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
    env = withEnvFiles(process.cwd(), process.env);
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
