/**
 * Options are validated eagerly when a factory is called: a bad option fails before any request,
 * naming every bad path as `path: message`.
 */
import { issueLines, OPTION_ISSUES } from '@sitecontent/client';
import type { z } from 'zod';
import { SiteContentOptionsError } from '../errors/options-error.js';

/** zod issues as `path: message` lines (an unknown key names the key). */
export function optionIssueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return issueLines(issues, OPTION_ISSUES);
}

/** `options` checked against `schema`; throws `SiteContentOptionsError` naming `factory` and every bad path. */
export function parseOptions<T>(factory: string, schema: z.ZodType<T>, options: unknown): T {
  const result = schema.safeParse(options ?? {});
  if (!result.success) throw new SiteContentOptionsError(factory, optionIssueLines(result.error.issues));
  return result.data;
}

/** Options whose defaulted keys are always set: to the option given, else to the default. */
export type WithDefaults<O, D> = Omit<O, keyof D> & {
  [K in keyof D]: K extends keyof O ? Exclude<O[K], undefined> | D[K] : D[K];
};

/** `options` over `defaults`; an option given as `undefined` keeps its default. */
export function withDefaults<D extends object, O extends object>(
  defaults: D,
  options: O,
): WithDefaults<O, D> {
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(options)) if (value !== undefined) out[key] = value;
  return out as WithDefaults<O, D>;
}
