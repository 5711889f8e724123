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

  /** @param envFiles Whether `.env` files were read (only the integration reads them; a production server does not). */
  constructor(collection: string, missing: readonly string[], envFiles: boolean) {
    const names = missing.map((setting) => ENV_NAMES[setting] ?? setting).join(', ');
    const where = envFiles
      ? 'in the environment or in .env'
      : 'in the process environment (.env files are read only by the siteContent() integration, in astro dev and astro build)';
    super(
      'missing_connection',
      `${collection}: missing connection setting(s) ${missing.join(', ')}: pass them to siteContent() or the loader, or set ${names} ${where}`,
    );
    this.missing = missing;
  }
}
