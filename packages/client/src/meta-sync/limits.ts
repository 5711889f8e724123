import { InvalidArgumentError } from '../errors/write-rejected-error.js';
import { MAX_CONCURRENCY } from '../http/concurrency.js';
import type { MetaField } from '../types/meta-sync.js';

/**
 * Hard limits of desired meta values, in code points (META.md): the interface states none; ours
 * allow any real page and catch a pasted article. A value over its limit makes the file invalid.
 */
export const META_HARD_LIMITS = {
  ttl: 255,
  dsc: 1000,
  kwd: 1000,
  og_title: 1000,
  og_image: 2048,
} as const satisfies Record<MetaField, number>;

/** Usual SEO lengths: a longer value is sent with a warning (search engines cut titles and descriptions). */
export const META_SEO_LENGTHS = {
  ttl: 60,
  dsc: 160,
} as const satisfies Partial<Record<MetaField, number>>;

/** Longest accepted `md` (module) name; modules are short words such as `goods`, `dir`, `blog`. */
export const META_MD_MAX_LENGTH = 32;

/** Length in Unicode code points (what a reader counts), not UTF-16 units. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** Why `value` cannot be the pages read or written at once (library and CLI), or `undefined`. */
export function concurrencyProblem(value: number): string | undefined {
  return Number.isInteger(value) && value >= 1 && value <= MAX_CONCURRENCY
    ? undefined
    : `must be a whole number from 1 to ${MAX_CONCURRENCY}`;
}

/** `concurrency` as given, else `fallback`; one out of bounds throws before anything is sent. */
export function checkedConcurrency(operation: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const problem = concurrencyProblem(value);
  if (problem !== undefined) {
    throw new InvalidArgumentError(`${operation}: concurrency ${problem}, got ${value}`, { operation });
  }
  return value;
}
