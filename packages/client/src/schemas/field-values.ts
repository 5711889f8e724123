/**
 * A writable field's value typed from text (`zag=New title`, `shw=0`, `price=12.50`) by the field's
 * own schema in records.ts, so the command line reads a value exactly as a record from the service is
 * read; the writable fields are fields.ts's.
 */
import type { z } from 'zod';
import { type ParamValue, WRITABLE_FIELDS, type WritableResource } from './fields.js';
import { articleSchema, metaSchema, modificationSchema, productSchema, sectionSchema } from './records.js';

const RECORD_SHAPES = {
  products: productSchema.shape,
  modifications: modificationSchema.shape,
  sections: sectionSchema.shape,
  articles: articleSchema.shape,
  meta: metaSchema.shape,
} satisfies Record<WritableResource, Record<string, z.ZodType>>;

/** The fields of `resource` a write may set. */
export function writableFields(resource: WritableResource): readonly string[] {
  return WRITABLE_FIELDS[resource];
}

/** `text` typed as `field` of `resource`; `{ problem }` (the schema's words) when it is not such a value. */
export function parseFieldValue(
  resource: WritableResource,
  field: string,
  text: string,
): { value: ParamValue } | { problem: string } {
  const shape: Record<string, z.ZodType> = RECORD_SHAPES[resource];
  const schema = writableFields(resource).includes(field) ? shape[field] : undefined;
  if (schema === undefined) return { problem: `not a writable field of ${resource}` };
  const parsed = schema.safeParse(text);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'not a valid value' };
  return { value: parsed.data as ParamValue };
}

/** Whether two values of a field are the same (dates by their time). */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}
