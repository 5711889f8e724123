/**
 * The `domainCheck` of `astro build`: site/DomainDefault and site/DomainAll read once, the main
 * domain checked as `sitecontent domains check` does (the client's `checkDomains`), one warning for
 * what is wrong. It never fails a build unless the option says `'fail'`; a service that cannot be
 * asked is the loaders' to report, so here it is one warning at most.
 */
import type { SiteContentClient } from '@sitecontent/client';
import { checkDomains, DOMAIN_CHECK_DAYS, failureDetail } from '@sitecontent/client/internal';
import type { AstroIntegrationLogger } from 'astro';
import { SiteContentDomainCheckError } from '../../errors/domain-check-error.js';
import { isSiteContentAstroError } from '../../errors/guards.js';

const DOMAIN_CHECK_TIMEOUT_MS = 15_000;

/** Checks the main domain; warns, or with `'fail'` throws `SiteContentDomainCheckError`, on a problem. */
export async function checkBuildDomains(
  client: () => SiteContentClient,
  mode: 'warn' | 'fail',
  logger: Pick<AstroIntegrationLogger, 'warn'>,
): Promise<void> {
  let lines: string[];
  try {
    const check = await checkDomains(client().site, {
      withinDays: DOMAIN_CHECK_DAYS,
      timeoutMs: DOMAIN_CHECK_TIMEOUT_MS,
    });
    lines = check.problems.map((problem) => problem.line);
  } catch (error) {
    // A site whose pages are all on demand may build without the connection: nothing to check.
    if (isSiteContentAstroError(error, 'missing_connection')) return;
    logger.warn(`domain check skipped: ${failureDetail(error)}`);
    return;
  }
  if (lines.length === 0) return;
  if (mode === 'fail') throw new SiteContentDomainCheckError(lines);
  logger.warn(`domain check: ${lines.join('; ')} (renew or activate it before the site goes dark)`);
}
