/**
 * Where the site's pages are: how their URLs end (the Astro config, as the integration or the
 * server's settings said it) and the origin of canonical URLs (a loader's own `site`, else Astro's,
 * else the first request's, else the service's domain).
 */
import type { SiteContentClient } from '@sitecontent/client';
import { DEFAULT_URL_STYLE, type UrlStyle } from '../../entries/page-url.js';
import type { Project } from '../../project/project.js';
import { canonicalOrigin } from '../../project/site-origin.js';

export class SitePlace {
  readonly #project: Project;
  #urlStyle: UrlStyle | undefined;
  #seenSite: string | undefined;

  constructor(project: Project) {
    this.#project = project;
  }

  /** Takes the URL style of the server's settings (a production server runs no integration hook). */
  useUrlStyle(urlStyle: UrlStyle): void {
    this.#urlStyle = urlStyle;
  }

  /** Notes the `site` a request was served under (Astro's `context.site`): the first one counts. */
  noteSite(site: URL | string | undefined): void {
    this.#seenSite ??= site === undefined ? undefined : new URL(site).origin;
  }

  /** How page URLs end. */
  get urlStyle(): UrlStyle {
    return this.#project.urlStyle ?? this.#urlStyle ?? DEFAULT_URL_STYLE;
  }

  /** The origin of canonical URLs. */
  origin(client: SiteContentClient, loaderSite?: string): Promise<string> {
    return canonicalOrigin([loaderSite, this.#project.siteOrigin, this.#seenSite], client);
  }
}
