/**
 * The post-build SEO check, an integration appended after the project's own: `astro:build:done` runs
 * in list order, and the check reads the sitemap `@astrojs/sitemap` writes there.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { SiteContentSeoCheckError } from '../../errors/seo-check-error.js';
import type { SeoCheckMode } from '../../options/seo-check-options.js';
import {
  forgetServiceHtml,
  forgetUnreadImages,
  serviceHtmlSources,
  unreadImages,
} from '../../project/open-projects.js';
import { checkDist, type SeoCheckReport } from './check-dist.js';
import type { OutputLayout } from './page-file.js';
import { serviceLinkOwners } from './service-links.js';

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One summary line, then one per page at fault, errors at the mode's level. */
export function logReport(report: SeoCheckReport, mode: SeoCheckMode, logger: AstroIntegrationLogger): void {
  const errors = report.problems.filter((p) => p.severity === 'error');
  const warnings = report.problems.filter((p) => p.severity === 'warning');
  const summary =
    `seo check: ${report.pages} pages checked, ${counted(errors.length, 'problem')}` +
    (warnings.length > 0 ? `, ${counted(warnings.length, 'warning')}` : '');
  const logError = mode === 'fail' ? logger.error.bind(logger) : logger.warn.bind(logger);
  if (errors.length > 0) logError(summary);
  else if (warnings.length > 0) logger.warn(summary);
  else logger.info(summary);
  for (const problem of errors) logError(`  ${problem.page}: ${problem.reason}`);
  for (const problem of warnings) logger.warn(`  ${problem.page}: ${problem.reason}`);
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
        // Before this build's sync, whose loaders note their stores.
        forgetServiceHtml();
      },
      'astro:build:start': () => {
        forgetUnreadImages();
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!layout) return;
        const report = await checkDist({
          ...layout,
          site,
          outDir: fileURLToPath(dir),
          serviceLinkOwner: serviceLinkOwners(serviceHtmlSources()),
        });
        // An image the build could not read made its page fall back: a warning, never a failure.
        for (const image of unreadImages()) {
          report.problems.push({
            page: `${image.collection} ${image.id}`,
            reason: `field ${image.field}: image ${JSON.stringify(image.url.slice(0, 120))} ${image.reason}; its page fell back`,
            severity: 'warning',
          });
        }
        logReport(report, mode, logger);
        const errors = report.problems.filter((p) => p.severity === 'error');
        if (mode === 'fail' && errors.length > 0) throw new SiteContentSeoCheckError(report.pages, errors);
      },
    },
  };
}
