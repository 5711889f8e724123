/** The SEO an entry stores: the service's meta tags as plain text; the rest is derived at render time. */

import type { Meta } from '@sitecontent/client';
import { isPlainPath } from '@sitecontent/client/internal';
import type { MovedPages } from './moved-pages.js';
import type { UrlStyle } from './page-url.js';
import { plainText } from './plain-text.js';
import type { HtmlCleaner } from './sanitize.js';
import type { Seo } from './schemas.js';

/** The meta tags the loaders read; a structural subset of the client's `Meta`. */
export interface MetaTags {
  ttl: string;
  dsc: string;
  kwd: string;
  og_title: string;
  og_image: string;
}

export interface SeoInput {
  /** Relative page URL of the entry, e.g. `/catalog/phones/12`. */
  url: string;
}

export const DESCRIPTION_MAX = 160;

/** Cuts text at `max` characters on a word boundary, adding `…`; a single longer word is cut hard. */
export function truncateOnWordBoundary(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const room = max - 1; // leave space for the ellipsis
  const slice = text.slice(0, room + 1);
  const lastSpace = slice.lastIndexOf(' ');
  const cut = lastSpace > 0 ? slice.slice(0, lastSpace) : text.slice(0, room);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** An origin already in `URL#origin` form: a sync passes the same one for every entry, not parsed each time. */
const CANONICAL_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:(?!0)\d{1,5})?$/;

/**
 * `origin` in `URL#origin` form. No cache: on Node 24 a module-level "last origin" cache measured
 * slower than this check (the canonical form is tested, and only another form is parsed).
 */
function normalizedOrigin(origin: string): string {
  return CANONICAL_ORIGIN.test(origin) && !/^http:\/\/[^/]+:80$|^https:\/\/[^/]+:443$/.test(origin)
    ? origin
    : new URL(origin).origin;
}

/**
 * `pathOrUrl` as an absolute URL on `origin`; `undefined` for anything that leaves the site (another
 * host, `//host/…` or `/\\host/…`, another scheme).
 */
export function siteUrl(pathOrUrl: string, origin: string): string | undefined {
  const site = normalizedOrigin(origin);
  // Two URL parses per entry were a visible share of a large sync; a plain path needs neither.
  if (site !== 'null' && isPlainPath(pathOrUrl)) return `${site}${pathOrUrl}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl) && !/^https?:/i.test(pathOrUrl)) return undefined;
  let url: URL;
  try {
    url = new URL(pathOrUrl, `${site}/`);
  } catch {
    return undefined;
  }
  return url.origin === site ? url.href : undefined;
}

/** A meta value as the service's: its plain text, or `undefined` when no text is left. */
function serviceText(value: string | undefined): string | undefined {
  // Meta values are plain text by definition, but editors paste entities and markup into them too.
  // A value counts as the service's only when some text is left once they are gone: a title of
  // nothing but tags would otherwise become an empty <title>.
  if (typeof value !== 'string') return undefined;
  const text = plainText(value);
  return text.trim() === '' ? undefined : text;
}

/**
 * The `seo` an entry stores, each field only when the service gave it; `og_image` only as an image on
 * the site (docs/interface.md). The entry's `url` must be root-relative (anything else throws).
 */
export function buildSeo(input: SeoInput, meta: MetaTags | undefined, origin: string): Seo {
  if (siteUrl(input.url || '/', origin) === undefined) {
    throw new TypeError(`buildSeo: url ${JSON.stringify(input.url)} is not a path on ${origin}`);
  }
  const seo: Seo = {};
  const title = serviceText(meta?.ttl);
  if (title !== undefined) seo.title = title;
  const description = serviceText(meta?.dsc);
  if (description !== undefined) seo.description = description;
  const keywords = serviceText(meta?.kwd);
  if (keywords !== undefined) seo.keywords = keywords;
  // The interface defines `og_title` as the OpenGraph description tag (docs/interface.md).
  const ogDescription = serviceText(meta?.og_title);
  if (ogDescription !== undefined) seo.ogDescription = ogDescription;
  const image = meta?.og_image?.trim();
  if (image && siteUrl(image, origin) !== undefined) seo.ogImage = image;
  return seo;
}

/** What every entry builder gets besides its record and relations. */
export interface EntryInput {
  /** How HTML fields reach the entry: sanitized (the default) or as sent (`sanitize: false`). */
  cleanHtml: HtmlCleaner;
  /** With `seo`: the page's meta tags and the site's origin. */
  seo: { meta: Meta | undefined; origin: string } | undefined;
  /** How the project's page URLs end (Astro's `trailingSlash` and `build.format`). */
  urlStyle: UrlStyle;
  /** Pages at a new URL: links to their old ones are written as the new (entries/moved-pages.ts). */
  moved?: MovedPages | undefined;
}

/** `data.seo` of an entry built with `input.seo`; `undefined` without it. */
export function entrySeo(input: EntryInput, page: SeoInput): Seo | undefined {
  return input.seo ? buildSeo(page, input.seo.meta, input.seo.origin) : undefined;
}
