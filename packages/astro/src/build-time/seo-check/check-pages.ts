/**
 * The per-page rules of the SEO check: an indexable page's canonical is on the site's origin, in the
 * sitemap and served by a file; its JSON-LD `dateModified` is its `<lastmod>`; JSON-LD parses and
 * passes Google's rules; links into the site resolve (link-audit.ts); the product feed states the pages' offers
 * (feed-check.ts), where a dead link from the service's HTML is a warning naming its record; a page shared without a raster
 * image of stated size, and product pages without a feed, are warnings. `noindex` pages and Astro's error pages need no canonical or
 * share image.
 */
import path from 'node:path';
import type { SeoCheckProblem } from '../../errors/seo-check-error.js';
import { dateModifiedProblem } from './date-modified.js';
import { readPage } from './dist-pages.js';
import { feedProblems } from './feed-check.js';
import { JsonLdCheck, jsonLdNodes, productNodes } from './json-ld-check.js';
import { type LinkAuditContext, linkProblems, missingFromBuild } from './link-audit.js';
import { offersByUrl, type StatedOffer, schemaTypes } from './offer-facts.js';
import { type OutputLayout, pageFileCandidates, trailingSlashProblem } from './page-file.js';
import { readPageHead } from './page-head.js';
import { readRedirect } from './redirect-pages.js';
import { shareImageWarnings } from './share-image-check.js';

/** What the page rules need. */
export interface PageCheckInput extends OutputLayout {
  /** The output directory (`dist/`), a file system path. */
  outDir: string;
  /** The origin of Astro's `site`; without it canonicals are not compared to an origin. */
  origin: string | undefined;
  /** Every HTML file of the build, relative, with `/`. */
  files: readonly string[];
  /** The sitemaps' page URLs; `undefined` without a sitemap (reported once, elsewhere). */
  sitemapPages: readonly string[] | undefined;
  /** The sitemaps' `<lastmod>` by page URL. */
  sitemapLastmods: ReadonlyMap<string, string>;
  /** The build's redirect pages, with where each sends (redirect-pages.ts). */
  redirects: ReadonlyMap<string, string>;
  /** The record whose HTML from the service holds a link, if one does (service-links.ts). */
  serviceLinkOwner?: ((href: string) => string | undefined) | undefined;
}

const ERROR_PAGES = new Set(['404.html', '500.html']);

interface PageContext {
  input: PageCheckInput;
  files: ReadonlySet<string>;
  sitemap: ReadonlySet<string> | undefined;
  links: LinkAuditContext;
  /** The offers of the pages' JSON-LD by URL, for the feed check. */
  offers: Map<string, StatedOffer>;
}

/** Adds the offers of a page's product JSON-LD to `offers`; blocks that do not parse are reported elsewhere. */
function collectOffers(blocks: readonly string[], offers: Map<string, StatedOffer>): void {
  for (const node of productNodes(blocks)) {
    for (const [url, offer] of offersByUrl(node)) offers.set(url, offer);
  }
}

/** Why the canonical `href` of a page fails, or `undefined`. */
function canonicalProblem(href: string, ctx: PageContext): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return `canonical ${href} is not an absolute URL`;
  }
  const { origin } = ctx.input;
  if (origin !== undefined && url.origin !== origin)
    return `canonical ${href} is not on the site's origin ${origin}`;
  if (ctx.sitemap && !ctx.sitemap.has(href)) return `canonical ${href} is not in the sitemap`;
  const slash = trailingSlashProblem(url.pathname, ctx.input);
  if (slash !== undefined) return `canonical ${href} ${slash}`;
  const candidates = pageFileCandidates(url.pathname, ctx.input);
  if (!candidates.some((file) => ctx.files.has(file))) {
    return `canonical ${href} names no page of the build (no ${candidates.join(' or ') || 'file below base'})`;
  }
  const to = readRedirect(candidates, ctx.input.redirects);
  if (to !== undefined) return `canonical ${href} is a redirect to ${to}`;
  return undefined;
}

async function pageProblems(page: string, ctx: PageContext, jsonLd: JsonLdCheck): Promise<SeoCheckProblem[]> {
  const html = readPage(path.join(ctx.input.outDir, page));
  const head = readPageHead(html);
  const errors = await jsonLd.problems(head.jsonLd);
  if (!head.noindex) collectOffers(head.jsonLd, ctx.offers);
  const warnings: string[] = [];
  if (!head.noindex && !ERROR_PAGES.has(page)) {
    const problem =
      head.canonical === undefined
        ? 'no canonical link (add one, or mark the page noindex)'
        : canonicalProblem(head.canonical, ctx);
    if (problem !== undefined) errors.unshift(problem);
    else if (head.canonical !== undefined && ctx.sitemap?.has(head.canonical)) {
      const dated = dateModifiedProblem(head.jsonLd, ctx.input.sitemapLastmods.get(head.canonical));
      if (dated !== undefined) errors.push(dated);
    }
    warnings.push(...shareImageWarnings(head.shareImage, (url) => missingFromBuild(url, ctx.links)));
  }
  for (const link of linkProblems(page, html, ctx.links)) {
    // An editor's dead link is the service's content, which the build cannot change: it is named,
    // and does not stop a deploy. A link the site's own templates write still fails.
    const owner = link.missing ? ctx.input.serviceLinkOwner?.(link.href) : undefined;
    if (owner === undefined) errors.push(link.reason);
    else warnings.push(`${link.reason}, from the service's HTML of ${owner}`);
  }
  return [
    ...errors.map((reason) => ({ page, reason, severity: 'error' as const })),
    ...warnings.map((reason) => ({ page, reason, severity: 'warning' as const })),
  ];
}

/** The problems of `pages` (of `input.files`), in page order. */
export async function checkPages(
  pages: readonly string[],
  input: PageCheckInput,
): Promise<SeoCheckProblem[]> {
  const files = new Set(input.files);
  const ctx: PageContext = {
    input,
    files,
    sitemap: input.sitemapPages && new Set(input.sitemapPages),
    links: {
      layout: { format: input.format, trailingSlash: input.trailingSlash, base: input.base },
      outDir: input.outDir,
      origin: input.origin,
      files,
      otherFiles: new Map(),
      redirects: input.redirects,
    },
    offers: new Map(),
  };
  const jsonLd = new JsonLdCheck();
  const problems: SeoCheckProblem[] = [];
  for (const page of pages) problems.push(...(await pageProblems(page, ctx, jsonLd)));
  problems.push(
    ...feedProblems({
      outDir: input.outDir,
      layout: ctx.links.layout,
      origin: input.origin,
      files,
      offers: ctx.offers,
      missing: (url) => missingFromBuild(url, ctx.links),
    }),
  );
  return problems;
}
