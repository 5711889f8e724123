/** What every `sitecontent` command gets: the connected client, the streams and the environment. */
import type { SiteContentClient } from '../client.js';

/** A stream a command writes text to (process.stdout/stderr, or a fake in tests). */
export interface TextOut {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface CliContext {
  client: SiteContentClient;
  stdout: TextOut;
  stderr: TextOut;
  stdin: NodeJS.ReadableStream;
  /** True when the user is on a terminal (colour, prompts). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** The API key in use, only to mask it in output; commands fall back to `SITECONTENT_API_KEY`. */
  apiKey?: string | undefined;
}

/** The context before a client exists (what `main` is called with). */
export type CliIo = Omit<CliContext, 'client' | 'apiKey'>;

/** The key to mask in a command's output. */
export function keyToMask(ctx: Pick<CliContext, 'apiKey' | 'env'>): string | undefined {
  return ctx.apiKey ?? ctx.env.SITECONTENT_API_KEY;
}

/** Bad usage: exit code 2, message plus usage on stderr. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  /** @param usage the help of the command the error is about (default: the top-level usage). */
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
  }
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
