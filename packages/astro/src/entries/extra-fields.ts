/**
 * Entry data is closed (a misspelled field is a type error), yet nothing the service sends is
 * dropped: fields an entry schema does not name move under `extra`. An object without such fields
 * has no `extra` at all: an empty one on every entry, SKU and photo would be the data store's most
 * repeated bytes.
 */
import type { z } from 'zod';

/** The keys an object schema names. */
export function knownKeys(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}

const NOTHING_LEFT_OUT: ReadonlySet<string> = new Set();

/**
 * The HTML body of a record: the entry stores it once, sanitized, as `rendered.html`; as sent, it
 * must not reach `extra` either.
 */
export const BODY: ReadonlySet<string> = new Set(['txt']);

/**
 * The fields of `record` named in `known`, with every other field under `extra` (left out when
 * there is none), except those in `leftOut` (stored elsewhere, or derived at render time).
 */
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
