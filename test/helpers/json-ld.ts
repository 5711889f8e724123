/** What a built page states as JSON-LD and what price it shows, read as a browser parses the HTML. */
import { DomUtils, parseDocument } from 'htmlparser2';

/** A JSON-LD node as parsed, read loosely (the tests check the fields they use). */
export interface JsonLdNode {
  '@type': string;
  [key: string]: unknown;
}

/** Every `<script type="application/ld+json">` of `html`, parsed (a block that does not parse throws). */
export function jsonLdOf(html: string): JsonLdNode[] {
  return DomUtils.getElementsByTagName('script', parseDocument(html))
    .filter((script) => script.attribs.type === 'application/ld+json')
    .map((script) => JSON.parse(DomUtils.textContent(script)) as JsonLdNode);
}

/** The offers a product node states: its own (one or a list), or its variants'. */
export function offersOf(node: JsonLdNode): Record<string, unknown>[] {
  const variants = (node.hasVariant as JsonLdNode[] | undefined) ?? [node];
  return variants.flatMap((variant) => [variant.offers ?? []].flat() as Record<string, unknown>[]);
}

/** The labels of a page's colour swatches (the buy box's and the options table's), in page order. */
export function swatchLabelsOf(html: string): string[] {
  return DomUtils.findAll(
    (el) => /\bswatch\b/.test(el.attribs.class ?? ''),
    parseDocument(html).children,
  ).map((el) => el.attribs.title ?? '');
}

/** The price the product page's buy box shows (`$1,299.00` → 1299), `undefined` without one. */
export function shownPriceOf(html: string): number | undefined {
  const doc = parseDocument(html);
  const buyBox = DomUtils.findOne((el) => el.attribs.class === 'buy-box', doc.children);
  const now = buyBox && DomUtils.findOne((el) => el.attribs.class === 'now', buyBox.children);
  const amount = now && /\$([\d,]+\.\d{2})/.exec(DomUtils.textContent(now));
  return amount ? Number(amount[1]!.replaceAll(',', '')) : undefined;
}
