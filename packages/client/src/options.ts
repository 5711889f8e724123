/** Options of `createClient`: the type, the defaults and the one zod schema that checks them eagerly. */
import { constants } from 'node:buffer';
import { z } from 'zod';
import { issueLines, OPTION_ISSUES } from './errors/issue-lines.js';
import { InvalidArgumentError } from './errors/write-rejected-error.js';
import { MAX_CONCURRENCY } from './http/concurrency.js';
import { PARAM_ENCODINGS, type ParamEncoding } from './http/encode.js';
import type { RequestEvent, RetryEvent } from './http/executor.js';

export interface ClientOptions {
  /** Service root; operations are under `${baseUrl}/v1/`. */
  baseUrl: string;
  /** API key, sent as `key` in the query string and never shown (`key=***`). */
  apiKey: string;
  /** Site number. */
  sid: number;
  /**
   * Per-attempt deadline (connect, headers and body). A whole call, retries included, can be given
   * its own deadline with the call option `timeoutMs`. @default 30000
   */
  timeoutMs?: number;
  /**
   * Largest response body read, in bytes, counted while it streams in; a larger one fails with a
   * ResponseTooLargeError (not retried). At most `buffer.constants.MAX_STRING_LENGTH`. @default 100663296 (96 MiB)
   */
  maxResponseBytes?: number;
  /** Retries after the first attempt. @default 4 */
  retries?: number;
  /**
   * Where the limit of requests in flight for the whole client starts (the rest queue in order). Set
   * without `maxConcurrency` it is also the ceiling. @default 16, or `maxConcurrency` when that is smaller
   */
  concurrency?: number;
  /**
   * The ceiling the adaptive limit may grow to, and the most sockets the client opens; at least
   * `concurrency`. Not used when `adaptive` is false (the ceiling is then `concurrency`).
   * @default 64 when `concurrency` is not set either, else `concurrency`
   */
  maxConcurrency?: number;
  /**
   * Let latency move the limit between 1 and `maxConcurrency`: up while it stays flat, down when it
   * climbs. `false` holds the limit at `concurrency`; 429/503 answers halve it in both modes.
   * @default true
   */
  adaptive?: boolean;
  /** How `param` travels in POST bodies. @default 'form-brackets' */
  paramEncoding?: ParamEncoding;
  /** Send `param` keys that are not in `WRITABLE_FIELDS`. @default false */
  allowUnknownFields?: boolean;
  /** `User-Agent` header. @default '@sitecontent/client' */
  userAgent?: string;
  /** Aborts every call of this client. */
  signal?: AbortSignal;
  /** Origin for absolute image URLs, e.g. `https://shop.example`; absent → asked once via site/DomainDefault. */
  siteOrigin?: string;
  /**
   * Without `siteOrigin`: the origin used when site/DomainDefault fails or gives no domain, e.g. the
   * last one it gave. `site.origin({ refresh: true })` fails instead of falling back.
   */
  fallbackSiteOrigin?: () => string | undefined;
  /** First backoff delay; later ones double, with jitter (×1–2). @default 250 */
  retryBaseDelayMs?: number;
  /** Upper bound on the time one call spends retrying. @default 60000 */
  maxRetryTimeMs?: number;
  /** Called before each retry wait (for logs and the bench). */
  onRetry?: (e: RetryEvent) => void;
  /** Called after every attempt. */
  onRequest?: (e: RequestEvent) => void;
  /**
   * Gets one line per attempt: operation, status, milliseconds, bytes, retry number and the URL with
   * `key=***` (what `SITECONTENT_DEBUG=1` prints from the CLI and the Astro package). @default none
   */
  requestLog?: (line: string) => void;
}

export const DEFAULTS = {
  timeoutMs: 30_000,
  retries: 4,
  concurrency: 16,
  maxConcurrency: 64,
  adaptive: true,
  paramEncoding: 'form-brackets',
  allowUnknownFields: false,
  userAgent: '@sitecontent/client',
  retryBaseDelayMs: 250,
  maxRetryTimeMs: 60_000,
  maxResponseBytes: 96 * 1024 * 1024,
} as const satisfies Partial<ClientOptions>;

/** Longest `setTimeout` delay; a larger one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const { MAX_STRING_LENGTH } = constants;

const httpUrl = z
  .string()
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http(s) URL');

/**
 * The zod type of each option an integration passes through to its clients as given, without the
 * client's defaults: one source of each option's limits for the client and for `@sitecontent/astro`.
 */
export const clientOptionFields = {
  baseUrl: httpUrl.refine(
    (s) => !URL.canParse(s) || new URL(s).search === '',
    'must not carry a query string',
  ),
  apiKey: z.string().min(1, 'must not be empty'),
  sid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  timeoutMs: z.number().int().positive().max(600_000),
  // A body becomes one string: past V8's longest string it could not be read anyway.
  maxResponseBytes: z
    .number()
    .int()
    .positive()
    .max(MAX_STRING_LENGTH, `must be at most ${MAX_STRING_LENGTH} (the longest string)`),
  retries: z.number().int().min(0).max(20),
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY),
  maxConcurrency: z.number().int().min(1).max(MAX_CONCURRENCY),
  adaptive: z.boolean(),
  paramEncoding: z.enum(PARAM_ENCODINGS),
} as const;

const f = clientOptionFields;

// Strict: a misspelled option (`timeout`) would otherwise be dropped silently.
const optionsSchema = withConcurrencyRule(
  z.strictObject({
    baseUrl: f.baseUrl,
    apiKey: f.apiKey,
    sid: f.sid,
    timeoutMs: f.timeoutMs.default(DEFAULTS.timeoutMs),
    maxResponseBytes: f.maxResponseBytes.default(DEFAULTS.maxResponseBytes),
    retries: f.retries.default(DEFAULTS.retries),
    concurrency: f.concurrency.optional(),
    maxConcurrency: f.maxConcurrency.optional(),
    adaptive: f.adaptive.default(DEFAULTS.adaptive),
    paramEncoding: f.paramEncoding.default(DEFAULTS.paramEncoding),
    allowUnknownFields: z.boolean().default(DEFAULTS.allowUnknownFields),
    userAgent: z.string().min(1).default(DEFAULTS.userAgent),
    signal: z.instanceof(AbortSignal).optional(),
    siteOrigin: httpUrl.optional(),
    fallbackSiteOrigin: z
      .custom<() => string | undefined>((v) => typeof v === 'function', 'must be a function')
      .optional(),
    retryBaseDelayMs: z.number().min(0).max(60_000).default(DEFAULTS.retryBaseDelayMs),
    maxRetryTimeMs: z.number().positive().default(DEFAULTS.maxRetryTimeMs),
    onRetry: z
      .custom<(e: RetryEvent) => void>((v) => typeof v === 'function', 'must be a function')
      .optional(),
    onRequest: z
      .custom<(e: RequestEvent) => void>((v) => typeof v === 'function', 'must be a function')
      .optional(),
    requestLog: z
      .custom<(line: string) => void>((v) => typeof v === 'function', 'must be a function')
      .optional(),
  }),
);

type ConcurrencyOptions = {
  concurrency?: number | undefined;
  maxConcurrency?: number | undefined;
  adaptive: boolean;
};

/** The one concurrency rule (also `@sitecontent/astro`'s, with its defaults): see {@link resolveConcurrency}. */
export function withConcurrencyRule<S extends z.ZodType<ConcurrencyOptions>>(
  schema: S,
  defaults: { concurrency: number; maxConcurrency: number } = DEFAULTS,
) {
  return schema
    .refine((o) => o.maxConcurrency === undefined || o.maxConcurrency >= (o.concurrency ?? 1), {
      path: ['maxConcurrency'],
      message: 'must be at least concurrency',
    })
    .transform((o) => ({ ...o, ...resolveConcurrency(o, defaults) }));
}

/**
 * Where the limit starts and its ceiling (also the most sockets). `maxConcurrency` below
 * `concurrency` is refused; `concurrency` set alone is also the ceiling: a number named is the most
 * a caller gets.
 */
export function resolveConcurrency(
  o: ConcurrencyOptions,
  defaults: { concurrency: number; maxConcurrency: number } = DEFAULTS,
): { concurrency: number; maxConcurrency: number } {
  const max = o.maxConcurrency;
  const concurrency = o.concurrency ?? Math.min(defaults.concurrency, max ?? defaults.concurrency);
  if (!o.adaptive) return { concurrency, maxConcurrency: concurrency };
  const ceiling = max ?? (o.concurrency === undefined ? defaults.maxConcurrency : concurrency);
  return { concurrency, maxConcurrency: ceiling };
}

export type ResolvedOptions = z.output<typeof optionsSchema>;

/** Validates eagerly; a bad option throws an InvalidArgumentError listing `path: message` parts. */
export function validateOptions(input: unknown): ResolvedOptions {
  const result = optionsSchema.safeParse(input);
  if (result.success) return result.data;
  // Never echo the input: it holds the key. An unknown option is named (its key), not its value.
  const lines = issueLines(result.error.issues, OPTION_ISSUES);
  throw new InvalidArgumentError(`Invalid client options: ${lines.join('; ')}`, {
    operation: 'createClient',
  });
}

/** The call option `timeoutMs`, checked before anything is sent. */
export function checkCallTimeout(operation: string, timeoutMs: unknown): number | undefined {
  if (timeoutMs === undefined) return undefined;
  if (
    typeof timeoutMs !== 'number' ||
    !Number.isInteger(timeoutMs) ||
    timeoutMs < 1 ||
    timeoutMs > MAX_TIMER_MS
  ) {
    throw new InvalidArgumentError(
      `${operation}: timeoutMs must be a whole number of ms from 1 to ${MAX_TIMER_MS}`,
      {
        operation,
      },
    );
  }
  return timeoutMs;
}
