/**
 * The product feed rules of the SEO check: the feed a static site writes at `product-feed.xml`
 * (Google's RSS 2.0 with the `g:` namespace) states what the pages state. Every item's link is a
 * page of the build (with at most a `?variant=` naming one of its offers) whose JSON-LD has an
 * offer at that URL, at the item's price and availability; every offer of the pages has an item;
 * every image is a raster file (an on-site one a file of the build). A price mismatch is the most
 * common reason a merchant listing is disapproved, so each is an error.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SeoCheckProblem } from '../../errors/seo-check-error.js';
import { feedAvailability } from '../../structured-data/product-feed.js';
import { VARIANT_PARAMETER } from '../../structured-data/product-offers.js';
import type { StatedOffer } from './offer-facts.js';
import { type OutputLayout, pageFileCandidates } from './page-file.js';

/** Where a static site's product feed is, relative to the output directory. */
export const PRODUCT_FEED_FILE = 'product-feed.xml';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decoded = (text: string) =>
  text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, dec, hex, name) =>
    dec
      ? String.fromCodePoint(Number(dec))
      : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : (ENTITIES[name] ?? whole),
  );

/** A feed item's `g:` fields, repeated ones in order; `g:shipping`'s own fields left out. */
function itemFields(body: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const flat = body.replace(/<g:shipping>[\s\S]*?<\/g:shipping>/g, '');
  for (const [, name, value] of flat.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)) {
    fields.set(name!, [...(fields.get(name!) ?? []), decoded(value!).trim()]);
  }
  return fields;
}

/** `349.00 USD` → its amount and currency; `undefined` when it is not a price. */
function feedPrice(text: string | undefined): { amount: number; currency: string } | undefined {
  const match = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/.exec(text ?? '');
  return match ? { amount: Number(match[1]), currency: match[2]! } : undefined;
}

const SVG = /\.svgz?$/i;

export interface FeedCheckInput {
  outDir: string;
  layout: OutputLayout;
  origin: string | undefined;
  /** Every HTML file of the build, relative, with `/`. */
  files: ReadonlySet<string>;
  /** The offers the pages' JSON-LD states, by URL. */
  offers: ReadonlyMap<string, StatedOffer>;
  /** Whether an on-site URL names no file of the build. */
  missing: (url: string) => boolean;
}

/** Why an item's link is not an offer of a page of the build, or `undefined`. */
function linkProblem(link: string, input: FeedCheckInput): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `link ${link} is not an absolute URL`;
  }
  if (input.origin !== undefined && url.origin !== input.origin)
    return `link ${link} is not on the site's origin`;
  const extra = [...url.searchParams.keys()].filter((key) => key !== VARIANT_PARAMETER);
  if (extra.length > 0 || url.hash) return `link ${link} has more than a ?${VARIANT_PARAMETER}= parameter`;
  if (!pageFileCandidates(url.pathname, input.layout).some((file) => input.files.has(file)))
    return `link ${link} names no page of the build`;
  return undefined;
}

function itemProblems(fields: Map<string, string[]>, input: FeedCheckInput): string[] {
  const link = fields.get('link')?.[0];
  if (!link) return ['has no g:link'];
  const problem = linkProblem(link, input);
  if (problem) return [problem];
  const offer = input.offers.get(link);
  if (!offer) return [`link ${link}: its page's JSON-LD states no offer at this URL`];
  const problems: string[] = [];
  const price = feedPrice(fields.get('sale_price')?.[0] ?? fields.get('price')?.[0]);
  if (!price) problems.push(`link ${link}: no price in the form "349.00 USD"`);
  else if (Math.abs(price.amount - Number(offer.price)) > 0.005 || price.currency !== offer.currency)
    problems.push(
      `link ${link}: price ${price.amount.toFixed(2)} ${price.currency}, the page states ${offer.price} ${offer.currency}`,
    );
  const availability = fields.get('availability')?.[0];
  const stated = typeof offer.availability === 'string' ? feedAvailability(offer.availability) : undefined;
  if (availability !== stated)
    problems.push(`link ${link}: availability ${availability}, the page states ${stated}`);
  for (const image of [...(fields.get('image_link') ?? []), ...(fields.get('additional_image_link') ?? [])]) {
    let pathname: string;
    try {
      pathname = new URL(image).pathname;
    } catch {
      problems.push(`image ${image} is not an absolute URL`);
      continue;
    }
    if (SVG.test(pathname)) problems.push(`image ${image} is an SVG, which merchant listings reject`);
    else if (input.missing(image)) problems.push(`image ${image} names no file of the build`);
  }
  return problems;
}

/** The feed's problems, under the page name `product-feed.xml`; a warning when product pages have offers but no feed. */
export function feedProblems(input: FeedCheckInput): SeoCheckProblem[] {
  const file = path.join(input.outDir, PRODUCT_FEED_FILE);
  if (!existsSync(file)) {
    if (input.offers.size === 0) return [];
    return [
      {
        page: PRODUCT_FEED_FILE,
        reason: 'missing: shopping surfaces read a product feed (see the Merchant listings guide)',
        severity: 'warning',
      },
    ];
  }
  const xml = readFileSync(file, 'utf8');
  const problems: SeoCheckProblem[] = [];
  const error = (reason: string) => problems.push({ page: PRODUCT_FEED_FILE, reason, severity: 'error' });
  if (!/<rss\b[^>]*xmlns:g="http:\/\/base\.google\.com\/ns\/1\.0"/.test(xml))
    error('is not RSS 2.0 with the g: namespace (http://base.google.com/ns/1.0)');
  const linked = new Set<string>();
  const ids = new Set<string>();
  for (const [, body] of xml.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
    const fields = itemFields(body!);
    const id = fields.get('id')?.[0];
    const where = `item ${id ?? '(no g:id)'}`;
    if (!id) error(`${where}: has no g:id`);
    else if (ids.has(id)) error(`${where}: g:id repeated`);
    if (id) ids.add(id);
    const link = fields.get('link')?.[0];
    if (link) linked.add(link);
    for (const reason of itemProblems(fields, input)) error(`${where}: ${reason}`);
  }
  for (const url of input.offers.keys()) {
    if (!linked.has(url)) error(`has no item for the offer at ${url}`);
  }
  return problems;
}
