// What the storefront's variants are called: the page's option labels and swatches and the JSON-LD
// (the `variantProperties` option) read the same facts, so the page and search engines agree.
import { plainText, type VariantFacts } from '@sitecontent/astro';

/**
 * The facts of a modification from its label (`stxt`): the shop writes the colour's name first,
 * then, after a comma, what else the variant differs in (storage, case or ring size, the phone a
 * case fits), which schema.org calls its `size`. `Midnight, 256 GB` → colour Midnight, size 256 GB.
 */
export function variantFacts(modification: { stxt: string }): VariantFacts {
  const [color, ...rest] = plainText(modification.stxt)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const size = rest.join(', ');
  return { ...(color ? { color } : {}), ...(size ? { size } : {}) };
}

/** The colour's name of a modification, for a swatch's label; `undefined` when the label names none. */
export const colourName = (modification: { stxt: string }) => variantFacts(modification).color;
