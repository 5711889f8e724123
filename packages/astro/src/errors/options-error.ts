import { SiteContentAstroError } from './astro-error.js';

/** Options given to a loader or to `siteContent()` did not validate; the message lists `path: message`. */
export class SiteContentOptionsError extends SiteContentAstroError {
  override name = 'SiteContentOptionsError';
  /** Which factory was called, e.g. `productsLoader`. */
  readonly factory: string;
  readonly issues: readonly string[];

  constructor(factory: string, issues: readonly string[]) {
    super('invalid_options', `Invalid ${factory}() options: ${issues.join('; ')}`);
    this.factory = factory;
    this.issues = issues;
  }
}
