/**
 * What Google requires of a `ProductGroup` (its variants' structured data), which
 * `@adobe/structured-data-validator` has no rules for: `productGroupID`, `variesBy` and a
 * non-empty `hasVariant`.
 */

const REQUIRED = ['productGroupID', 'variesBy', 'hasVariant'] as const;

const missing = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The required `ProductGroup` fields `node` lacks, as reasons. */
export function productGroupProblems(node: Record<string, unknown>): string[] {
  return REQUIRED.filter((field) => missing(node[field])).map((field) => `${field} is missing`);
}
