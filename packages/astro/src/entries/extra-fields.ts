/**
 * Entry data is closed (a misspelled field is a type error), yet nothing the service sends is
 * dropped: fields an entry schema does not name move under `extra`.
 */
import type { z } from 'zod';

/** The keys an object schema names. */
export function knownKeys(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}

/** The fields of `record` named in `known`, with every other field under `extra`. */
export function withExtra(
  record: object,
  known: ReadonlySet<string>,
): Record<string, unknown> & { extra: Record<string, unknown> } {
  const fields: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  // Keys and a lookup rather than Object.entries: no pair array per field, on every record of a sync.
  for (const key of Object.keys(record)) {
    const value = (record as Record<string, unknown>)[key];
    if (key === 'extra' || !known.has(key)) extra[key] = value;
    else fields[key] = value;
  }
  fields.extra = extra;
  return fields as Record<string, unknown> & { extra: Record<string, unknown> };
}
