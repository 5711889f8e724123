/**
 * A product's global identifiers (GTIN, MPN), which the interface does not hold: what the
 * `identifiers` option maps an offer's modification (or the product without one) to, checked.
 */
import { z } from 'zod';
import { SiteContentCallbackError } from '../errors/callback-error.js';
import { optionIssueLines } from '../options/parse-options.js';

export const identifiersSchema = z.strictObject({
  /** The GTIN (EAN, UPC, ISBN): 8, 12, 13 or 14 digits. */
  gtin: z
    .string()
    .trim()
    .regex(/^(?:\d{8}|\d{12,14})$/, 'expected 8, 12, 13 or 14 digits')
    .optional(),
  /** The manufacturer's part number. */
  mpn: z.string().trim().min(1, 'must not be empty').max(70).optional(),
});

/**
 * The GTIN and MPN of one offer, as the `identifiers` option returns them.
 * @interface
 */
export type ProductIdentifiers = z.input<typeof identifiersSchema>;

/** One offer's identifiers by the user's mapping, checked; an error names the record and option. */
export function productIdentifiers(
  collection: 'products' | 'modifications',
  recordId: number,
  map: () => ProductIdentifiers | undefined,
): { gtin?: string; mpn?: string } {
  let value: unknown;
  try {
    value = map();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteContentCallbackError(collection, 'identifiers', recordId, `threw: ${message}`, {
      cause: error,
    });
  }
  const result = identifiersSchema.safeParse(value ?? {});
  if (!result.success) {
    const issues = optionIssueLines(result.error.issues).join('; ');
    throw new SiteContentCallbackError(
      collection,
      'identifiers',
      recordId,
      `returned ${JSON.stringify(value)}: ${issues}`,
    );
  }
  const { gtin, mpn } = result.data;
  return { ...(gtin ? { gtin } : {}), ...(mpn ? { mpn } : {}) };
}
