/**
 * Page URLs from the service must be root-relative paths on the site: the service names its pages
 * but may not point elsewhere, so no scheme or `//`, no dot segments, backslashes or encoded dots and
 * slashes (which climb out once decoded or normalised).
 */
import { z } from 'zod';

/** `%2e` (.), `%2f` (/), `%5c` (\) in any case, and encoded control characters (`%00`–`%1f`, `%7f`). */
const ENCODED_SEPARATOR = /%(?:2e|2f|5c|[01][0-9a-f]|7f)/i;
const CONTROL_OR_SPACE = /[\p{Cc}\p{Z}\s]/u;
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/|$))*$/;

/**
 * Whether `value` is a plain path (`/` and segments of `[A-Za-z0-9_~-]` and inner dots): nearly every
 * path is, and one test then stands for every check below.
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
 * Whether `value` is a root-relative path: one leading `/`; no scheme, dot segment, backslash,
 * whitespace, control character, query or fragment; no encoded dot, slash, backslash or control.
 * Other escapes and Unicode are fine.
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
