/**
 * The SEO check's link audit: every `<a href>` into the site is resolved against the output as a
 * static host serves it, with no redirect: a page by its canonical URL, a file by a file of the build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { pageUrl } from '../../entries/page-url.js';
import { type OutputLayout, pageFileCandidates } from './page-file.js';
import { readRedirect } from './redirect-pages.js';

/** What the audit needs of the build. */
export interface LinkAuditContext {
  layout: OutputLayout;
  /** The output directory (`dist/`), a file system path. */
  outDir: string;
  /** The origin of Astro's `site`; without it only root-relative and relative links are the site's. */
  origin: string | undefined;
  /** Every HTML file of the build, relative, with `/`. */
  files: ReadonlySet<string>;
  /** Whether each other file asked about exists, kept for the whole check. */
  otherFiles: Map<string, boolean>;
  /** Redirect pages of the build (seo-check/redirect-pages.ts), with where each sends. */
  redirects: ReadonlyMap<string, string>;
}

/** Stands for the site's origin when Astro's `site` is not set. */
const NO_SITE = 'https://site.invalid';

/** Each `<a href>`'s value as written. A regex, not a parser: the body is most of a page's bytes. */
const ANCHOR_HREF = /<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** `value` with its character references decoded, as a browser reads the attribute. */
function decodedAttribute(value: string): string {
  if (!value.includes('&')) return value;
  let decoded = value;
  new Parser({ onattribute: (_name, text) => (decoded = text) }).end(
    `<a href="${value.replace(/"/g, '&quot;')}">`,
  );
  return decoded;
}

/** The distinct `<a href>`s of a page, decoded. */
export function extractLinks(html: string): string[] {
  const hrefs = new Set<string>();
  for (const match of html.matchAll(ANCHOR_HREF)) {
    hrefs.add(decodedAttribute((match[1] ?? match[2] ?? match[3] ?? '').trim()));
  }
  return [...hrefs];
}

/** The URL a static host serves `page` (a file of the output directory) at, below `base`. */
function urlOfPage(page: string, layout: OutputLayout, origin: string): URL {
  const base = layout.base.endsWith('/') ? layout.base : `${layout.base}/`;
  const name =
    page === 'index.html'
      ? ''
      : page.endsWith('/index.html')
        ? page.slice(0, -'index.html'.length)
        : page.replace(/\.html$/, '');
  return new URL(`${base}${name}`, origin);
}

/** Whether `pathname` (decoded, below the output directory) is a file the build wrote. */
function fileExists(rel: string, ctx: LinkAuditContext): boolean {
  if (ctx.files.has(rel)) return true;
  let known = ctx.otherFiles.get(rel);
  if (known === undefined) {
    known = existsSync(path.join(ctx.outDir, ...rel.split('/')));
    ctx.otherFiles.set(rel, known);
  }
  return known;
}

/** The path below `base` of `pathname`, decoded, without a leading slash; `undefined` outside it. */
function belowBase(pathname: string, base: string): string | undefined {
  const root = base.endsWith('/') ? base : `${base}/`;
  if (!`${pathname}/`.startsWith(root)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(root.length));
  } catch {
    return pathname.slice(root.length);
  }
}

/** A link the build does not serve as written: `missing` when it names nothing of the build (a 404). */
export interface LinkProblem {
  href: string;
  reason: string;
  missing: boolean;
}

const missing = (href: string, reason: string): LinkProblem => ({ href, reason, missing: true });

/** Why the link `href` on `page` is not served as it is, or `undefined` when it is (or leaves the site). */
function linkProblem(href: string, page: URL, ctx: LinkAuditContext): LinkProblem | string | undefined {
  if (href === '' || href.startsWith('#') || href.startsWith('?')) return undefined;
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return `link ${href} is not a URL`;
  }
  if (url.origin !== page.origin) return undefined;
  const rel = belowBase(url.pathname, ctx.layout.base);
  if (rel === undefined) return `link ${href} is outside the site's base ${ctx.layout.base}`;
  const last = rel.replace(/\/+$/, '').split('/').pop() ?? '';
  if (last.includes('.') && !last.endsWith('.html')) {
    return fileExists(rel, ctx)
      ? undefined
      : missing(href, `link ${href} names no file of the build (a 404)`);
  }
  const candidates = pageFileCandidates(url.pathname, ctx.layout).filter((file) => fileExists(file, ctx));
  if (candidates.length === 0) return missing(href, `link ${href} names no page of the build (a 404)`);
  const to = readRedirect(candidates, ctx.redirects);
  if (to !== undefined) return `link ${href} is redirected to ${to}: link to the page's URL`;
  if (last.endsWith('.html') || ctx.layout.format === 'preserve') return undefined;
  const canonical = pageUrl(url.pathname, {
    trailingSlash: ctx.layout.trailingSlash,
    format: ctx.layout.format,
  });
  if (canonical !== url.pathname) return `link ${href} is redirected: the page's URL is ${canonical}`;
  return undefined;
}

/** Whether `url`, absolute on the site's origin, names a file the build did not write. */
export function missingFromBuild(url: string, ctx: LinkAuditContext): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (ctx.origin === undefined || parsed.origin !== ctx.origin) return false;
  const rel = belowBase(parsed.pathname, ctx.layout.base);
  return rel === undefined || !fileExists(rel, ctx);
}

/** The problems of the links in `html`, the content of the output file `page`. */
export function linkProblems(page: string, html: string, ctx: LinkAuditContext): LinkProblem[] {
  const url = urlOfPage(page, ctx.layout, ctx.origin ?? NO_SITE);
  return extractLinks(html).flatMap((href) => {
    const problem = linkProblem(href, url, ctx);
    if (problem === undefined) return [];
    return typeof problem === 'string' ? { href, reason: problem, missing: false } : problem;
  });
}
