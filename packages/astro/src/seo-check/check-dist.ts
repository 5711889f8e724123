/**
 * The SEO check of a built site: every indexable page has a canonical that is on the site's
 * origin, listed in the sitemap and served without a redirect by a file of the build; every
 * JSON-LD block parses and product JSON-LD passes Google's rules (json-ld-check.ts).
 *
 * Which pages: every `.html` file. A page with a robots `noindex`, and Astro's error pages
 * (`404.html`, `500.html`, which hosts serve with an error status), need no canonical and are not
 * looked up in the sitemap; their JSON-LD is still checked.
 */
import path from 'node:path';
import type { SeoCheckProblem } from '../errors/seo-check-error.js';
import { listPages, readHead } from './dist-pages.js';
import { JsonLdCheck } from './json-ld-check.js';
import { type OutputLayout, pageFileCandidates, trailingSlashProblem } from './page-file.js';
import { readPageHead } from './page-head.js';
import { readSitemapLocs, SITEMAP_INDEX, type SitemapLocs } from './sitemap-locs.js';

export interface SeoCheckInput extends OutputLayout {
  /** The output directory (`dist/`), a file system path. */
  outDir: string;
  /** Astro's `site`; without it canonicals are not compared to the site's origin. */
  site: string | undefined;
}

export interface SeoCheckReport {
  /** HTML pages checked. */
  pages: number;
  problems: SeoCheckProblem[];
}

const ERROR_PAGES = new Set(['404.html', '500.html']);

interface PageContext {
  input: SeoCheckInput;
  /** The origin of `site`, when set. */
  origin: string | undefined;
  files: ReadonlySet<string>;
  sitemap: SitemapLocs | undefined;
}

/** Why the canonical `href` of a page fails, or `undefined`. */
function canonicalProblem(href: string, ctx: PageContext): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return `canonical ${href} is not an absolute URL`;
  }
  const { origin } = ctx;
  if (origin !== undefined && url.origin !== origin)
    return `canonical ${href} is not on the site's origin ${origin}`;
  if (ctx.sitemap && !ctx.sitemap.pages.has(href)) return `canonical ${href} is not in the sitemap`;
  const slash = trailingSlashProblem(url.pathname, ctx.input);
  if (slash !== undefined) return `canonical ${href} ${slash}`;
  const candidates = pageFileCandidates(url.pathname, ctx.input);
  if (!candidates.some((file) => ctx.files.has(file))) {
    return `canonical ${href} names no page of the build (no ${candidates.join(' or ') || 'file below base'})`;
  }
  return undefined;
}

async function pageProblems(page: string, ctx: PageContext, jsonLd: JsonLdCheck) {
  const head = readPageHead(readHead(path.join(ctx.input.outDir, page)));
  const reasons = await jsonLd.problems(head.jsonLd);
  if (!head.noindex && !ERROR_PAGES.has(page)) {
    const problem =
      head.canonical === undefined
        ? 'no canonical link (add one, or mark the page noindex)'
        : canonicalProblem(head.canonical, ctx);
    if (problem !== undefined) reasons.unshift(problem);
  }
  return reasons.map((reason) => ({ page, reason }));
}

/** Checks the build in `input.outDir`. */
export async function checkDist(input: SeoCheckInput): Promise<SeoCheckReport> {
  const pages = listPages(input.outDir);
  const sitemap = await readSitemapLocs(input.outDir);
  const problems: SeoCheckProblem[] = [];
  if (sitemap === undefined) {
    problems.push({ page: SITEMAP_INDEX, reason: 'missing: add @astrojs/sitemap to the integrations' });
  }
  for (const name of sitemap?.missing ?? []) {
    problems.push({ page: SITEMAP_INDEX, reason: `names ${name}, which the build does not have` });
  }
  const origin = input.site === undefined ? undefined : new URL(input.site).origin;
  const ctx: PageContext = { input, origin, files: new Set(pages), sitemap };
  const jsonLd = new JsonLdCheck();
  for (const page of pages) problems.push(...(await pageProblems(page, ctx, jsonLd)));
  return { pages: pages.length, problems };
}
