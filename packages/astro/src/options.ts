/**
 * Loader options: one zod schema per loader, defaults constants that `satisfies` the option types,
 * validated eagerly when the factory is called (a bad option fails before any request), with
 * `path: message` text.
 */
import { z } from 'zod';
import { SiteContentOptionsError } from './errors.js';

/** Connection settings; each falls back to the integration's setting, then to the environment. */
export interface ConnectionOptions {
  /** Service root, e.g. `https://api.example`; operations are under `${baseUrl}/v1/`. @default integration `baseUrl`, else `SITECONTENT_BASE_URL` */
  baseUrl?: string;
  /** API key. Prefer the `SITECONTENT_API_KEY` environment variable over code. @default `SITECONTENT_API_KEY` */
  apiKey?: string;
  /** Site number. @default integration `sid`, else `SITECONTENT_SID` */
  sid?: number;
}

/** What a failed fetch does: keep the previous entries and warn, or fail the sync. */
export type OnError = 'keep-stale' | 'fail';
/** What an invalid record does: fail the sync, or warn and leave it out. */
export type OnInvalid = 'fail' | 'skip';

export interface CommonLoaderOptions extends ConnectionOptions {
  /**
   * A failed fetch (network, HTTP error, malformed body): `'keep-stale'` keeps the previous entries and
   * warns; `'fail'` fails the sync. @default `'keep-stale'` when the store holds entries from an earlier
   * sync, otherwise `'fail'` (there is nothing to keep)
   */
  onError?: OnError;
  /** A record that fails validation: `'fail'` fails the sync naming collection, record id and field; `'skip'` warns and leaves it out. @default 'fail' */
  onInvalid?: OnInvalid;
}

export interface HtmlOptions {
  /** Sanitize the service's HTML (`txt`, `stxt`): scripts, event handlers and `javascript:` URLs removed. @default true */
  sanitize?: boolean;
}

/** Chooses the `md` module of `meta/Get` per record. */
export type MetaModule<R> = string | ((record: R) => string);

export interface SeoOptions {
  /** Attach `data.seo` from `meta/Get` with fallbacks (one request per entry). @default false */
  seo?: boolean;
}

const connectionShape = {
  baseUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  apiKey: z.string().min(1, 'must not be empty').optional(),
  sid: z.number().int().positive().optional(),
};
const commonShape = {
  ...connectionShape,
  onError: z.enum(['keep-stale', 'fail']).optional(),
  onInvalid: z.enum(['fail', 'skip']).optional(),
  sanitize: z.boolean().optional(),
};
const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'expected a function');
/** `catid`/`cattx` list filter of `goods/Get` and `article/Get`. */
const catalogFilterShape = {
  catid: z.number().int().nonnegative().optional(),
  cattx: z.string().min(1).optional(),
};
const seoShape = {
  seo: z.boolean().optional(),
  metaModule: z.union([z.string().min(1, 'must not be empty'), fn]).optional(),
};

export const productsOptionsSchema = z.strictObject({
  ...commonShape,
  ...catalogFilterShape,
  onlyVisible: z.boolean().optional(),
  ...seoShape,
  productUrl: fn.optional(),
});
export const modificationsOptionsSchema = z.strictObject({
  ...commonShape,
  ...catalogFilterShape,
  onlyVisible: z.boolean().optional(),
});
export const sectionsOptionsSchema = z.strictObject({
  ...commonShape,
  onlyVisible: z.boolean().optional(),
  ...seoShape,
});
export const articlesOptionsSchema = z.strictObject({
  ...commonShape,
  ...catalogFilterShape,
  onlyVisible: z.boolean().optional(),
  ...seoShape,
});
export const domainsOptionsSchema = z.strictObject({ ...commonShape });

/** Formats zod issues as `path: message` lines. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const unknownKeys =
      issue.code === 'unrecognized_keys' ? `unknown option(s) ${issue.keys.join(', ')}` : '';
    return `${path || '(options)'}: ${unknownKeys || issue.message}`;
  });
}

/** Validates `options` against `schema`; throws `SiteContentOptionsError` naming every bad path. */
export function validateOptions<T>(factory: string, schema: z.ZodType<T>, options: unknown): T {
  const result = schema.safeParse(options ?? {});
  if (!result.success) throw new SiteContentOptionsError(factory, formatIssues(result.error.issues));
  return result.data;
}
