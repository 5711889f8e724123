/**
 * Links in the service's HTML name pages as the service writes URLs (`/catalog/phones`), while the
 * site serves each at one URL in its style (entries/page-url.ts); a link in the other style answers
 * a redirect or a 404. So each link to a page of the site (root-relative or on its origin, no file
 * extension in the last segment) is written in the site's style, below Astro's `base`.
 */

import { currentPagePath, type MovedPages, NO_MOVES } from './moved-pages.js';
import { endsWithSlash, normalizedBase, pageUrl, type UrlStyle } from './page-url.js';
import { type HtmlCleaner, holdsMarkup } from './sanitize.js';

/** An `<a>`'s `href`, quoted any of HTML's three ways (HTML kept with `sanitize: false` may use any). */
const ANCHOR_HREF = /(<a\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** A root-relative path (not `//host`) up to its query or fragment, and the rest. */
const PAGE_PATH = /^(\/(?!\/)[^?#]*)(.*)$/s;

/** The path of a page in `style` below its `base` (once); `undefined` for a file. */
function pagePathInStyle(path: string, style: UrlStyle): string | undefined {
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (last.includes('.')) return undefined;
  const base = normalizedBase(style.base);
  if (base === '/') return pageUrl(path, style);
  const root = base.slice(0, -1);
  const below = path === root || path.startsWith(base) ? path.slice(root.length) : path;
  const page = pageUrl(below, style);
  return page === '/' ? (endsWithSlash(style) ? base : root) : `${root}${page}`;
}

/**
 * `href` in the site's style when it names a page of the site, at the page's current URL when it
 * moved (`moved`); else as written.
 */
export function siteHref(
  href: string,
  style: UrlStyle,
  origin: string | undefined,
  moved: MovedPages = NO_MOVES,
): string {
  const trimmed = href.trim();
  let prefix = '';
  let rest = trimmed;
  if (origin && trimmed.toLowerCase().startsWith(`${origin.toLowerCase()}/`)) {
    prefix = trimmed.slice(0, origin.length);
    rest = trimmed.slice(origin.length);
  }
  const parts = PAGE_PATH.exec(rest);
  if (!parts) return href;
  const path = pagePathInStyle(parts[1] ?? '/', style);
  return path === undefined ? href : `${prefix}${currentPagePath(path, moved)}${parts[2] ?? ''}`;
}

/** `html` with each link to a page of the site in the site's style. */
export function siteLinks(
  html: string,
  style: UrlStyle,
  origin: string | undefined,
  moved: MovedPages = NO_MOVES,
): string {
  if (!holdsMarkup(html) || !/href/i.test(html)) return html;
  return html.replace(ANCHOR_HREF, (tag, start: string, double?: string, single?: string, bare?: string) => {
    const href = double ?? single ?? bare ?? '';
    const written = siteHref(href, style, origin, moved);
    if (written === href) return tag;
    const quote = double !== undefined ? '"' : single !== undefined ? "'" : '"';
    return `${start}${quote}${written}${quote}`;
  });
}

/**
 * An entry's HTML: cleaned, then its links to the site rewritten on the thread that builds the
 * entry, so the worker thread and the main thread give one result.
 */
export function entryHtml(
  cleanHtml: HtmlCleaner,
  style: UrlStyle,
  origin: string | undefined,
  moved: MovedPages = NO_MOVES,
): HtmlCleaner {
  return (html) => siteLinks(cleanHtml(html), style, origin, moved);
}
