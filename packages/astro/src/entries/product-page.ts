/**
 * A product's page URL: the `productUrl` option's answer, kept only as a root-relative path on the
 * site; otherwise the record is invalid, never a link to another host.
 */
import type { Product, Section } from '@sitecontent/client';
import { quotedText, rootRelativePathProblem, SHOWN_TEXT_MAX } from '@sitecontent/client/internal';
import { callOption } from './option-callback.js';
import { pageUrl, type UrlStyle } from './page-url.js';

/** The default product URL: its section's URL + `/` + id. */
export function defaultProductUrl(product: Product, section: Section | undefined): string {
  const base = section?.url ?? (product.cattx ? `/${product.cattx}` : '');
  return `${base.replace(/\/+$/, '')}/${product.id}`;
}

/** How a product's URL is made: the `productUrl` loader option. */
export type ProductUrlOption = (product: Product, section: Section | undefined) => string;

/** Why a record cannot have a page: the field at fault and what is wrong with it. */
export interface PageProblem {
  path: string;
  message: string;
}

/** A product's page URL, or the problem that leaves the product out as an invalid record. */
export type ProductPage = { url: string; problem?: undefined } | { url?: undefined; problem: PageProblem };

/**
 * The page URL of `product` in `section`, in the project's URL style. A throwing `productUrl` is the
 * project's bug and throws; a URL off the site is a {@link PageProblem}.
 */
export function productPage(
  collection: string,
  productUrl: ProductUrlOption,
  product: Product,
  section: Section | undefined,
  urlStyle: UrlStyle,
): ProductPage {
  const url = callOption(collection, 'productUrl', product.id, () => productUrl(product, section));
  const problem = rootRelativePathProblem(url);
  if (problem === undefined) return { url: pageUrl(url, urlStyle) };
  // A URL of the project's own function is the project's to fix, however the record is.
  const own = productUrl === defaultProductUrl ? '' : ' (returned by the productUrl option)';
  return {
    problem: {
      path: 'url',
      message: `${quotedText(url, SHOWN_TEXT_MAX)} is not a root-relative path: ${problem}${own}`,
    },
  };
}
