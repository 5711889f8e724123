/** A page URL's file in the output by `build.format`, and whether its slash is served without a redirect. */

export interface OutputLayout {
  /** Astro's `build.format`. */
  format: 'directory' | 'file' | 'preserve';
  /** Astro's `trailingSlash`. */
  trailingSlash: 'always' | 'never' | 'ignore';
  /** Astro's `base`, e.g. `/` or `/shop/`. */
  base: string;
}

/** The path of `pathname` below `base`, without slashes at either end; `undefined` outside `base`. */
function pathBelowBase(pathname: string, base: string): string | undefined {
  const root = base.endsWith('/') ? base : `${base}/`;
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (!withSlash.startsWith(root)) return undefined;
  return decoded(withSlash.slice(root.length)).replace(/\/+$/, '');
}

/** Astro writes a page's file under its decoded path; a malformed escape stays as written. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Files (relative to the output directory, with `/`) that can hold the page at `pathname`. */
export function pageFileCandidates(pathname: string, layout: OutputLayout): string[] {
  const rel = pathBelowBase(pathname, layout.base);
  if (rel === undefined) return [];
  if (rel === '') return ['index.html'];
  if (rel.endsWith('.html')) return [rel];
  if (layout.format === 'directory') return [`${rel}/index.html`];
  if (layout.format === 'file') return [`${rel}.html`];
  return [`${rel}.html`, `${rel}/index.html`];
}

/** Why `pathname` would be redirected under `trailingSlash`, or `undefined` when it is served as is. */
export function trailingSlashProblem(pathname: string, layout: OutputLayout): string | undefined {
  if (pathBelowBase(pathname, layout.base) === '' || pathname.endsWith('.html')) return undefined;
  const slash = pathname.endsWith('/');
  if (layout.trailingSlash === 'always' && !slash)
    return "has no trailing slash, though trailingSlash is 'always'";
  if (layout.trailingSlash === 'never' && slash) return "ends with a slash, though trailingSlash is 'never'";
  return undefined;
}
