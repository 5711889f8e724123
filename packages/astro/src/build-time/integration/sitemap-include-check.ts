/**
 * `onDemand.sitemap.include` lists `@astrojs/sitemap`'s files, whose number follows the prerendered
 * pages, so a hand-written list falls behind: this integration, appended after the project's own
 * (so after the sitemap is written), fails the build when the two disagree.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { SiteContentOptionsError } from '../../errors/options-error.js';

/** What is wrong with `include` against the files in `dir` (the build's static output). */
export function includeProblems(
  include: readonly string[],
  dir: URL,
  indexName = 'sitemap-index.xml',
): string[] {
  const problems: string[] = [];
  for (const path of include) {
    if (!existsSync(new URL(`.${path}`, dir))) problems.push(`${path} is not a file of the build`);
  }
  const index = new URL(indexName, dir);
  if (!existsSync(index)) return problems;
  const written = [...readFileSync(index, 'utf8').matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (m) => new URL(m[1] as string).pathname,
  );
  for (const path of written) {
    if (!include.includes(path)) problems.push(`${path}, listed in /${indexName}, is missing`);
  }
  return problems;
}

export function sitemapIncludeCheck(include: readonly string[]): AstroIntegration {
  return {
    name: '@sitecontent/astro/sitemap-include-check',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const problems = includeProblems(include, dir);
        if (problems.length === 0) {
          logger.info(`product sitemap index lists ${include.join(', ')} first`);
          return;
        }
        throw new SiteContentOptionsError(
          'siteContent',
          problems.map((problem) => `onDemand.sitemap.include: ${problem}`),
        );
      },
    },
  };
}
