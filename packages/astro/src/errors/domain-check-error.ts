import { SiteContentAstroError } from './astro-error.js';

/** `domainCheck: 'fail'` found the site's main domain expiring, expired, inactive or missing. */
export class SiteContentDomainCheckError extends SiteContentAstroError {
  override name = 'SiteContentDomainCheckError';
  /** One line per problem, as `sitecontent domains check` prints them. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      'domain_check_failed',
      `domain check: ${problems.join('; ')} (domainCheck: 'fail'; 'warn' builds anyway)`,
    );
    this.problems = problems;
  }
}
