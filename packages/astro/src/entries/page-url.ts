/**
 * The shape of every page URL the package hands out: the one `@astrojs/sitemap` writes as `<loc>`,
 * so a canonical never names a redirect. Astro appends `/` exactly when `trailingSlash` is
 * `'always'`, or `'ignore'` with the `'directory'` build format.
 */

/** Astro's `trailingSlash` option. */
export type TrailingSlash = 'always' | 'never' | 'ignore';
/** Astro's `build.format` option. */
export type BuildFormat = 'directory' | 'file' | 'preserve';

/** How the project's page URLs end, and where they start, from its Astro config. */
export interface UrlStyle {
  trailingSlash: TrailingSlash;
  format: BuildFormat;
  /** Astro's `base`, with a slash at each end; links in the service's HTML start with it. @default '/' */
  base?: string;
}

/** Astro's defaults, for a config that does not say. */
export const DEFAULT_URL_STYLE: UrlStyle = { trailingSlash: 'ignore', format: 'directory', base: '/' };

/** `base` with a slash at each end (`/`, `/shop/`), as Astro accepts it with or without them. */
export function normalizedBase(base: string | undefined): string {
  const inner = (base ?? '').replace(/^\/+|\/+$/g, '');
  return inner === '' ? '/' : `/${inner}/`;
}

/** The URL style of an Astro config (a loader context's `config`, or the integration's). */
export function readUrlStyle(
  config:
    | {
        trailingSlash?: TrailingSlash | undefined;
        build?: { format?: BuildFormat | undefined };
        base?: string | undefined;
      }
    | undefined,
): UrlStyle {
  return {
    trailingSlash: config?.trailingSlash ?? DEFAULT_URL_STYLE.trailingSlash,
    format: config?.build?.format ?? DEFAULT_URL_STYLE.format,
    base: normalizedBase(config?.base),
  };
}

/** True when the project's page URLs end with `/` (as Astro names the built pages). */
export function endsWithSlash(style: UrlStyle): boolean {
  return (
    style.trailingSlash === 'always' || (style.trailingSlash === 'ignore' && style.format === 'directory')
  );
}

/** `path` (a root-relative page path) in the project's style; `/` stays `/`. */
export function pageUrl(path: string, style: UrlStyle): string {
  const bare = path.replace(/\/+$/, '');
  if (bare === '') return '/';
  return endsWithSlash(style) ? `${bare}/` : bare;
}
