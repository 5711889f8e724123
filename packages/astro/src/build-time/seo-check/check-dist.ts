/**
 * The SEO check of a built site (rules: check-pages.ts): lists the pages, reads the sitemap, checks
 * the pages on this thread. A worker thread does not pay on a small shared machine: it loads the
 * rules and warms up again without a core of its own (bench/seo-check.mjs).
 */
import type { SeoCheckProblem } from '../../errors/seo-check-error.js';
import { checkPages, type PageCheckInput } from './check-pages.js';
import { listPages } from './dist-pages.js';
import { type OutputLayout, pageFileCandidates } from './page-file.js';
import { readRedirect, readRedirectPages } from './redirect-pages.js';
import { readSitemapLocs, SITEMAP_INDEX } from './sitemap-locs.js';

export interface SeoCheckInput extends OutputLayout {
  /** The output directory (`dist/`), a file system path. */
  outDir: string;
  /** Astro's `site`; without it canonicals are not compared to the site's origin. */
  site: string | undefined;
  /** The record whose HTML from the service holds a link (service-links.ts); without it every dead link fails. */
  serviceLinkOwner?: ((href: string) => string | undefined) | undefined;
}

export interface SeoCheckReport {
  /** HTML pages checked. */
  pages: number;
  problems: SeoCheckProblem[];
}

/** Checks the build in `input.outDir`. */
export async function checkDist(options: SeoCheckInput): Promise<SeoCheckReport> {
  const pages = listPages(options.outDir);
  const sitemap = await readSitemapLocs(options.outDir);
  const problems: SeoCheckProblem[] = [];
  if (sitemap === undefined) {
    problems.push({
      page: SITEMAP_INDEX,
      reason: 'missing: add @astrojs/sitemap to the integrations',
      severity: 'error',
    });
  }
  for (const name of sitemap?.missing ?? []) {
    problems.push({
      page: SITEMAP_INDEX,
      reason: `names ${name}, which the build does not have`,
      severity: 'error',
    });
  }
  const redirects = readRedirectPages(options.outDir, pages);
  for (const url of sitemap?.pages ?? []) {
    const to = readRedirect(pageFileCandidates(new URL(url).pathname, options), redirects);
    if (to !== undefined) {
      problems.push({
        page: SITEMAP_INDEX,
        reason: `lists ${url}, which redirects to ${to}`,
        severity: 'error',
      });
    }
  }
  const input: PageCheckInput = {
    outDir: options.outDir,
    format: options.format,
    trailingSlash: options.trailingSlash,
    base: options.base,
    origin: options.site === undefined ? undefined : new URL(options.site).origin,
    files: pages,
    sitemapPages: sitemap && [...sitemap.pages],
    sitemapLastmods: sitemap?.lastmods ?? new Map(),
    redirects,
    serviceLinkOwner: options.serviceLinkOwner,
  };
  return { pages: pages.length, problems: [...problems, ...(await checkPages(pages, input))] };
}
