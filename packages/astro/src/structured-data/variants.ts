/**
 * A product's variants in schema.org's words: the facts `variantProperties` maps each modification
 * to, and `variesBy`, from where they differ. The interface's colour code (`#rrggbb`) names no colour
 * a shopper searches for, so it is never stated as `color`.
 */
import { z } from 'zod';
import { SiteContentCallbackError } from '../errors/callback-error.js';
import { optionIssueLines } from '../options/parse-options.js';
import { SCHEMA_ORG } from './schema-org.js';

/** Product properties a group's variants can differ by, as Google reads `variesBy`. */
export const VARIANT_PROPERTIES = [
  'color',
  'size',
  'material',
  'pattern',
  'suggestedAge',
  'suggestedGender',
] as const;
export type VariantProperty = (typeof VARIANT_PROPERTIES)[number];

/** `#1c1c1e`, `#fff`, `0x1c1c1e`, or six hex digits bare (with a digit among them, so `Facade` stays a name). */
const COLOUR_CODE = /^(?:(?:#|0x)(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?=[a-f]*\d)[0-9a-f]{6})$/i;

const factField = z.string().trim().min(1, 'must not be empty').optional();

/** The variant properties of one modification, as the `variantProperties` option returns them. */
export const variantFactsSchema = z.strictObject({
  /** The colour's name as the page shows it (`'Midnight'`), never a code such as `#1c1c1e`. */
  color: factField.refine(
    (name) => name === undefined || !COLOUR_CODE.test(name),
    'is a colour code, not a colour name (a search engine cannot match a code to a colour)',
  ),
  /** A size, capacity or fit: `'256 GB'`, `'45 mm'`, `'XL'`. */
  size: factField,
  material: factField,
  pattern: factField,
  suggestedAge: factField,
  suggestedGender: factField,
});

/** The schema.org variant properties of one modification. @interface */
export type VariantFacts = z.input<typeof variantFactsSchema>;

/** One modification's facts, by the user's mapping: checked, with every unnamed property left out. */
export function makeVariantFacts(
  modificationId: number,
  map: () => VariantFacts,
): Partial<Record<VariantProperty, string>> {
  let value: unknown;
  try {
    value = map();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteContentCallbackError(
      'modifications',
      'variantProperties',
      modificationId,
      `threw: ${message}`,
      {
        cause: error,
      },
    );
  }
  const result = variantFactsSchema.safeParse(value ?? {});
  if (!result.success) {
    const issues = optionIssueLines(result.error.issues).join('; ');
    throw new SiteContentCallbackError(
      'modifications',
      'variantProperties',
      modificationId,
      `returned ${JSON.stringify(value)}: ${issues}`,
    );
  }
  const facts: Partial<Record<VariantProperty, string>> = {};
  for (const property of VARIANT_PROPERTIES) {
    const fact = result.data[property];
    if (fact !== undefined) facts[property] = fact;
  }
  return facts;
}

/** The properties whose values differ among `variants`, as `variesBy` URLs; empty when none do. */
export function findVariesBy(variants: readonly Partial<Record<VariantProperty, string>>[]): string[] {
  return VARIANT_PROPERTIES.filter((property) => new Set(variants.map((v) => v[property])).size > 1).map(
    (property) => `${SCHEMA_ORG}/${property}`,
  );
}
