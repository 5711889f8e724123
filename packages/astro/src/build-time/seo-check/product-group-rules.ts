/**
 * What Google requires of a `ProductGroup`, which the validator does not check: `productGroupID`,
 * `variesBy`, a non-empty `hasVariant`; and each variant differing from every other in a `variesBy`
 * property, or a search engine cannot tell which one was asked for.
 */

type Node = Record<string, unknown>;

const REQUIRED = ['productGroupID', 'variesBy', 'hasVariant'] as const;

const missing = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** `https://schema.org/color`, `schema:color` or `color` → `color`. */
const variesProperty = (varies: string) => varies.replace(/^.*[/:]/, '');

/** A variant as the problem names it: its sku, else its name, else its place. */
function variantLabel(variant: Node, index: number): string {
  const label = variant.sku ?? variant.name;
  return typeof label === 'string' ? JSON.stringify(label) : `#${index + 1}`;
}

/** Pairs of variants that agree on every `variesBy` property, as reasons. */
function indistinctVariants(node: Node): string[] {
  const properties = asList(node.variesBy)
    .filter((v): v is string => typeof v === 'string')
    .map(variesProperty);
  const variants = asList(node.hasVariant).filter((v): v is Node => typeof v === 'object' && v !== null);
  if (properties.length === 0 || variants.length < 2) return [];
  const firstWithKey = new Map<string, number>();
  const problems: string[] = [];
  variants.forEach((variant, i) => {
    const values = properties.map((property) => variant[property]);
    const key = JSON.stringify(values);
    const earlier = firstWithKey.get(key);
    if (earlier === undefined) {
      firstWithKey.set(key, i);
      return;
    }
    const shared = properties
      .map((property, j) => `${property} ${JSON.stringify(values[j] ?? null)}`)
      .join(', ');
    problems.push(
      `variants ${variantLabel(variants[earlier]!, earlier)} and ${variantLabel(variant, i)} share every variesBy value (${shared}): name what they differ in`,
    );
  });
  return problems;
}

/** What `node`, a `ProductGroup`, lacks or fails, as reasons. */
export function productGroupProblems(node: Node): string[] {
  const absent = REQUIRED.filter((field) => missing(node[field])).map((field) => `${field} is missing`);
  return [...absent, ...indistinctVariants(node)];
}
