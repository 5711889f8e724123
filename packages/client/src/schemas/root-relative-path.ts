/**
 * The policy for page URLs from the service (section and article `url`, product URLs built by the
 * Astro package): a root-relative path on the site's own origin. The service is trusted to name its
 * pages, not to point a link, a canonical URL or a file path elsewhere: no scheme or `//` (another
 * origin), no `.`/`..` segments, backslashes or encoded dots and slashes (paths that climb out of
 * the site when a server, a browser or the file system decodes or normalises them).
 */
import { z } from 'zod';

/** `%2e` (.), `%2f` (/), `%5c` (\) in any case, and encoded control characters (`%00`–`%1f`, `%7f`). */
const ENCODED_SEPARATOR = /%(?:2e|2f|5c|[01][0-9a-f]|7f)/i;
const CONTROL_OR_SPACE = /[\p{Cc}\p{Z}\s]/u;
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/|$))*$/;

/**
 * Whether `value` is a plain path: `/` and segments of letters, digits, `-`, `_`, `~` and dots that
 * do not start one. No check of `rootRelativePathProblem` can fail on it, and a URL parser leaves it
 * as it is (no empty or dot segment, nothing to percent-encode). Nearly every page and image path
 * is one: one test stands for seven checks, or for two URL parses, on each of a catalog's paths.
 */
export function isPlainPath(value: string): boolean {
  return PLAIN_PATH.test(value);
}

/** Why `value` is not a root-relative path, or undefined when it is one. */
export function rootRelativePathProblem(value: string): string | undefined {
  if (isPlainPath(value)) return undefined;
  if (!value.startsWith('/')) return 'must start with /';
  if (value.startsWith('//')) return 'must not start with // (another host)';
  if (value.includes('\\')) return 'must not contain a backslash';
  if (CONTROL_OR_SPACE.test(value)) return 'must not contain whitespace or control characters';
  if (ENCODED_SEPARATOR.test(value)) {
    return 'must not contain an encoded dot, slash, backslash or control character (%2e, %2f, %5c, %00–%1f)';
  }
  if (/[?#]/.test(value)) return 'must be a path only (no ? query or # fragment)';
  if (value.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'must not contain . or .. segments';
  }
  try {
    decodeURIComponent(value);
  } catch {
    return 'has a malformed %-escape';
  }
  return undefined;
}

/**
 * True when `value` is a root-relative path: it starts with a single `/`; has no scheme, no `.`
 * or `..` segment, no backslash, no whitespace or control character, no query or fragment; and no
 * percent-encoded dot, slash, backslash or control character. Other escapes (`/caf%C3%A9`) and
 * Unicode (`/каталог`) are fine.
 */
export function isRootRelativePath(value: unknown): value is string {
  return typeof value === 'string' && rootRelativePathProblem(value) === undefined;
}

/** zod field for a root-relative path (see {@link isRootRelativePath}); the issue says what is wrong. */
export const rootRelativePathField = z
  .string({ error: 'expected a root-relative path' })
  .superRefine((value, ctx) => {
    const problem = rootRelativePathProblem(value);
    if (problem !== undefined)
      ctx.addIssue({ code: 'custom', message: `not a root-relative path: ${problem}` });
  });
