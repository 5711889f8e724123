/**
 * The post-build SEO check as an integration of its own, which `siteContent({ seoCheck })` appends
 * to the end of the project's integrations: Astro runs `astro:build:done` hooks in list order, and
 * the check must read the sitemap that `@astrojs/sitemap` writes in its own `astro:build:done`.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { SiteContentSeoCheckError } from '../errors/seo-check-error.js';
import type { SeoCheckMode } from '../options/seo-check-options.js';
import { checkDist, type SeoCheckReport } from './check-dist.js';
import type { OutputLayout } from './page-file.js';

/** One summary line, then one line per page at fault. */
export function logReport(report: SeoCheckReport, mode: SeoCheckMode, logger: AstroIntegrationLogger): void {
  const { pages, problems } = report;
  const summary = `seo check: ${pages} pages checked, ${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  if (problems.length === 0) {
    logger.info(summary);
    return;
  }
  const log = mode === 'fail' ? logger.error.bind(logger) : logger.warn.bind(logger);
  log(summary);
  for (const problem of problems) log(`  ${problem.page}: ${problem.reason}`);
}

export function seoCheckIntegration(mode: Exclude<SeoCheckMode, 'off'>): AstroIntegration {
  let layout: OutputLayout | undefined;
  let site: string | undefined;
  return {
    name: '@sitecontent/astro/seo-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        layout = { format: config.build.format, trailingSlash: config.trailingSlash, base: config.base };
        site = config.site;
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!layout) return;
        const report = await checkDist({ ...layout, site, outDir: fileURLToPath(dir) });
        logReport(report, mode, logger);
        if (mode === 'fail' && report.problems.length > 0) {
          throw new SiteContentSeoCheckError(report.pages, report.problems);
        }
      },
    },
  };
}
