/**
 * Links in the service's HTML name the site's pages as the service writes page URLs
 * (`/catalog/phones`), while the site serves each page at one URL in its own style
 * (`/catalog/phones/` with Astro's defaults; entries/page-url.ts). A link in the service's style
 * answers with a redirect, or a 404 on a static host that does not add the slash, so each link to
 * a page of the site is written in the site's style when the entry is built.
 *
 * A link names a page of the site when it is root-relative (or absolute on the site's origin) and
 * its last path segment has no file extension, and is written below Astro's `base` too;
 * `/img/a.jpg` and `/sitemap-index.xml` name files and are left as written, as are links to other
 * hosts, `#` anchors and `mailto:`.
 */

import { currentPagePath, type MovedPages, NO_MOVES } from './moved-pages.js';
import { baseOf, endsWithSlash, pageUrl, type UrlStyle } from './page-url.js';
import { type HtmlCleaner, holdsMarkup } from './sanitize.js';

/**
 * An `<a>` tag's `href`, in any of the three ways HTML quotes an attribute (sanitize-html writes
 * double quotes; HTML kept as sent with `sanitize: false` may use any).
 */
const ANCHOR_HREF = /(<a\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** A root-relative path (not `//host`) up to its query or fragment, and the rest. */
const PAGE_PATH = /^(\/(?!\/)[^?#]*)(.*)$/s;

/**
 * The path of a page (no file extension in its last segment), in `style` and below its `base`;
 * `undefined` for a file. The service writes page paths from the site's root (`/catalog/phones`):
 * below a `base` of `/shop/` the page is served at `/shop/catalog/phones/`. A path already below
 * the base keeps it once.
 */
function pagePathInStyle(path: string, style: UrlStyle): string | undefined {
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (last.includes('.')) return undefined;
  const base = baseOf(style.base);
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
 * How an entry's HTML fields are written: cleaned (sanitized, or kept), then their links to the
 * site's pages in its style. The sanitizer, on a worker thread or not, sees the service's HTML; the
 * links are rewritten after, on the thread that builds the entry, so both give one result.
 */
export function entryHtml(
  cleanHtml: HtmlCleaner,
  style: UrlStyle,
  origin: string | undefined,
  moved: MovedPages = NO_MOVES,
): HtmlCleaner {
  return (html) => siteLinks(cleanHtml(html), style, origin, moved);
}
