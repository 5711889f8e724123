/**
 * Entry data is closed, yet nothing the service sends is dropped: unnamed fields move under `extra`,
 * which is absent when empty (an empty one everywhere would be the store's most repeated bytes).
 */
import type { z } from 'zod';

/** The keys an object schema names. */
export function knownKeys(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}

const NOTHING_LEFT_OUT: ReadonlySet<string> = new Set();

/** The HTML body, stored once as `rendered.html`: not in `extra` either. */
export const BODY: ReadonlySet<string> = new Set(['txt']);

/** The `known` fields of `record`, the rest under `extra` (absent when none) but those in `leftOut`. */
export function withExtra(
  record: object,
  known: ReadonlySet<string>,
  leftOut: ReadonlySet<string> = NOTHING_LEFT_OUT,
): Record<string, unknown> & { extra?: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  let extra: Record<string, unknown> | undefined;
  // Keys and a lookup rather than Object.entries: no pair array per field, on every record of a sync.
  for (const key of Object.keys(record)) {
    if (leftOut.has(key)) continue;
    const value = (record as Record<string, unknown>)[key];
    if (key !== 'extra' && known.has(key)) fields[key] = value;
    else {
      extra ??= {};
      extra[key] = value;
    }
  }
  if (extra !== undefined) fields.extra = extra;
  return fields;
}
