/** Options validated when a factory is called: a bad one fails before any request, as `path: message`. */
import { issueLines, OPTION_ISSUES } from '@sitecontent/client/internal';
import type { z } from 'zod';
import { SiteContentOptionsError } from '../errors/options-error.js';

/** zod issues as `path: message` lines (an unknown key names the key). */
export function optionIssueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return issueLines(issues, OPTION_ISSUES);
}

/** `options` checked against `schema`; throws `SiteContentOptionsError` naming `factory` and every bad path. */
export function parseOptions<T>(factory: string, schema: z.ZodType<T, unknown>, options: unknown): T {
  const result = schema.safeParse(options ?? {});
  if (!result.success) throw new SiteContentOptionsError(factory, optionIssueLines(result.error.issues));
  return result.data;
}
