import { SiteContentAstroError } from './astro-error.js';

const ENV_NAMES: Readonly<Record<string, string>> = {
  baseUrl: 'SITECONTENT_BASE_URL',
  apiKey: 'SITECONTENT_API_KEY',
  sid: 'SITECONTENT_SID',
};

/** No base URL, API key or site number could be found for a loader. */
export class SiteContentConnectionError extends SiteContentAstroError {
  override name = 'SiteContentConnectionError';
  /** The settings not found: `baseUrl`, `apiKey`, `sid`. */
  readonly missing: readonly string[];

  constructor(collection: string, missing: readonly string[]) {
    super(
      'missing_connection',
      `${collection}: missing connection setting(s) ${missing.join(', ')}: pass them to siteContent() or the loader, or set ${missing
        .map((setting) => ENV_NAMES[setting] ?? setting)
        .join(', ')} in the environment or in .env (which the siteContent() integration reads)`,
    );
    this.missing = missing;
  }
}
