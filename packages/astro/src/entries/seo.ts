/**
 * SEO fields of an entry: the service's meta tags (`meta/Get`) where present,
 * fallbacks from the record otherwise. `source` records which field came from where.
 */

import type { Meta } from '@sitecontent/client';
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
  /** Record title (`zag`). */
  title: string;
  /** Teaser (`stxt`), HTML allowed. */
  teaser: string;
  /** Full text (`txt`), HTML allowed. */
  text: string;
  /** Relative page URL of the entry, e.g. `/catalog/phones/12`. */
  url: string;
  /** Absolute fallback image URL (a product's first image), if any. */
  image?: string | undefined;
}

export const DESCRIPTION_MAX = 160;

/**
 * Cuts text at `max` characters on a word boundary (no word is split); adds `…` when cut.
 * A single word longer than `max` is cut hard.
 */
export function truncateOnWordBoundary(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const room = max - 1; // leave space for the ellipsis
  const slice = text.slice(0, room + 1);
  const lastSpace = slice.lastIndexOf(' ');
  const cut = lastSpace > 0 ? slice.slice(0, lastSpace) : text.slice(0, room);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** Makes `pathOrUrl` absolute against `origin` (`https://shop.example`); absolute URLs pass unchanged. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  const base = origin.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * A root-relative path that a URL parser leaves as it is: no `//` or `/\\` at its start, no dot
 * segment, nothing to percent-encode. Every product's and article's page URL is one.
 */
const PLAIN_PATH = /^\/(?![/\\])[A-Za-z0-9_~/-]*$/;

/** The last origin parsed: a sync passes the same one for every entry. */
let lastOrigin: { given: string; site: string } | undefined;

function originOf(origin: string): string {
  if (lastOrigin?.given !== origin) lastOrigin = { given: origin, site: new URL(origin).origin };
  return lastOrigin.site;
}

/**
 * `pathOrUrl` as an absolute URL on the site's `origin`: a path (root-relative or relative), or an
 * absolute URL already on that origin. `undefined` for anything that leaves the site: another host,
 * a protocol-relative `//host/…` (or `/\\host/…`), another scheme.
 */
export function siteUrl(pathOrUrl: string, origin: string): string | undefined {
  const site = originOf(origin);
  // Two URL parses per entry were a visible share of a large sync; a plain path needs neither.
  if (site !== 'null' && PLAIN_PATH.test(pathOrUrl)) return `${site}${pathOrUrl}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl) && !/^https?:/i.test(pathOrUrl)) return undefined;
  let url: URL;
  try {
    url = new URL(pathOrUrl, `${site}/`);
  } catch {
    return undefined;
  }
  return url.origin === site ? url.href : undefined;
}

/**
 * The SEO fields of an entry. The canonical URL is always on the site's own origin (the loaders
 * only pass root-relative `url`s; anything else throws); the service's `og_image` counts only as a
 * path on the site (docs/interface.md), otherwise the fallback image is used.
 */
export function buildSeo(input: SeoInput, meta: MetaTags | undefined, origin: string): Seo {
  // Meta values are plain text by definition, but editors paste entities and markup into them too.
  // A value counts as the service's only when some text is left once they are gone: a title of
  // nothing but tags would otherwise become an empty <title>.
  const serviceText = (value: string | undefined): string | undefined => {
    if (typeof value !== 'string') return undefined;
    const text = plainText(value);
    return text.trim() === '' ? undefined : text;
  };
  const serviceTitle = serviceText(meta?.ttl);
  const serviceDescription = serviceText(meta?.dsc);
  const serviceKeywords = serviceText(meta?.kwd);
  const serviceOgDescription = serviceText(meta?.og_title);
  const title = serviceTitle ?? plainText(input.title);
  const description =
    serviceDescription ?? truncateOnWordBoundary(plainText(input.teaser) || plainText(input.text));
  const keywords = serviceKeywords ?? '';
  // The interface defines `og_title` as the OpenGraph description tag (docs/interface.md).
  const ogDescription = serviceOgDescription ?? description;
  const imagePath = meta?.og_image?.trim();
  const serviceImage = imagePath ? siteUrl(imagePath, origin) : undefined;
  const ogImage = serviceImage ?? (input.image ? absoluteUrl(input.image, origin) : null);
  const canonical = siteUrl(input.url || '/', origin);
  if (canonical === undefined) {
    throw new TypeError(`buildSeo: url ${JSON.stringify(input.url)} is not a path on ${origin}`);
  }
  return {
    title,
    description,
    keywords,
    ogTitle: title,
    ogDescription,
    ogImage,
    canonical,
    source: {
      title: serviceTitle === undefined ? 'fallback' : 'service',
      description: serviceDescription === undefined ? 'fallback' : 'service',
      keywords: serviceKeywords === undefined ? 'fallback' : 'service',
      ogDescription: serviceOgDescription === undefined ? 'fallback' : 'service',
      ogImage: serviceImage ? 'service' : 'fallback',
    },
  };
}

/** What every entry builder gets besides its record and relations. */
export interface EntryInput {
  /** How HTML fields reach the entry: sanitized (the default) or as sent (`sanitize: false`). */
  cleanHtml: HtmlCleaner;
  /** With `seo`: the page's meta tags and the site's origin. */
  seo: { meta: Meta | undefined; origin: string } | undefined;
  /** How the project's page URLs end (Astro's `trailingSlash` and `build.format`). */
  urlStyle: UrlStyle;
}

/** `data.seo` of an entry built with `input.seo`; `undefined` without it. */
export function entrySeo(input: EntryInput, page: SeoInput): Seo | undefined {
  return input.seo ? buildSeo(page, input.seo.meta, input.seo.origin) : undefined;
}
