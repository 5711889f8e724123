/** What every `sitecontent` command gets: the streams, the environment and a client made on first ask. */
import type { SiteContentClient } from '../client.js';
import type { ClientOptions } from '../options.js';

/** A stream a command writes text to (process.stdout/stderr, or a fake in tests). */
export interface TextOut {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** The streams and the environment a command runs with (what `main` is called with). */
export interface CliIo {
  stdout: TextOut;
  stderr: TextOut;
  stdin: NodeJS.ReadableStream;
  /** True when the user is on a terminal (colour, prompts). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** The API key given with `--key`, only to mask it in output; commands fall back to `SITECONTENT_API_KEY`. */
  apiKey?: string | undefined;
}

/**
 * The client, made from the connection settings the first time a command calls it (a missing or bad
 * setting is then a `ConnectionSettingsError`) and the same client after; `onRequest` is the first
 * caller's. A command that never calls it needs no settings and sends nothing.
 */
export type Connect = (hooks?: Pick<ClientOptions, 'onRequest'>) => SiteContentClient;

/** One `sitecontent` command, a row of the table the dispatcher reads (`commands.ts`). */
export interface Command {
  /** The word after `sitecontent`. */
  readonly name: string;
  /** Printed on stdout for `--help` or `-h` anywhere after the name (exit 0, nothing read or sent). */
  readonly usage: string;
  /** The words that may follow the name (meta's steps, get's resources), each with the same `--help`. */
  readonly subcommands: readonly string[];
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(args: string[], io: CliIo, connect: Connect): Promise<number>;
}

/** The context of a command that has made its client. */
export interface CliContext extends CliIo {
  client: SiteContentClient;
}

/** The key to mask in a command's output. */
export function keyToMask(ctx: Pick<CliContext, 'apiKey' | 'env'>): string | undefined {
  return ctx.apiKey ?? ctx.env.SITECONTENT_API_KEY;
}

/** Bad usage: exit code 2, message plus usage on stderr. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';

  /** @param usage the help of the command the error is about (default: the top-level usage). */
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
  }
}

/** The connection settings are missing or wrong: bad usage shown with the top-level usage, which lists them. */
export class ConnectionSettingsError extends UsageError {
  override readonly name = 'ConnectionSettingsError';
}

/** A `parseArgs` usage error in the CLI's words: an unknown flag named with the flags the command knows. */
export function parseArgsUsageError(error: unknown, known: Readonly<Record<string, unknown>>): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const flag = /^Unknown option '([^']+)'/.exec(message)?.[1];
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || flag === undefined) return new UsageError(message);
  const names = Object.keys(known).map((name) => `--${name}`);
  return new UsageError(`unknown option ${flag} (known: ${names.join(', ')})`);
}
