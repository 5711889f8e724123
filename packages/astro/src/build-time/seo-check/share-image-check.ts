/**
 * Share image rules: social networks show no SVG, and lay a card out before the image arrives only
 * when its size is stated. Without such an image a page is shared as bare text: a warning.
 */
import type { ShareImageTags } from './page-head.js';

/** Image formats social networks do not render, by MIME type and by file extension. */
const SVG_TYPE = /^image\/svg\+xml$/i;
const SVG_PATH = /\.svgz?$/i;

/** `url`'s path, for its extension; the URL itself when it does not parse. */
function urlPathname(url: string): string {
  try {
    return new URL(url, 'https://page.invalid/').pathname;
  } catch {
    return url;
  }
}

/** Why the share image falls short (none, SVG, no size, not in the build); `[]` when it does not. */
export function shareImageWarnings(image: ShareImageTags, missing: (url: string) => boolean): string[] {
  if (!image.url) return ['no og:image: the page is shared without a picture'];
  const warnings: string[] = [];
  if (missing(image.url)) warnings.push(`og:image ${image.url} names no file of the build (a 404)`);
  if (SVG_TYPE.test(image.type ?? '') || SVG_PATH.test(urlPathname(image.url))) {
    warnings.push(
      `og:image ${image.url} is an SVG, which social networks do not show: use a JPEG, PNG or WebP`,
    );
  }
  const size = (value: string | undefined) => value !== undefined && /^[1-9][0-9]*$/.test(value.trim());
  if (!size(image.width) || !size(image.height)) {
    warnings.push(`og:image ${image.url} states no og:image:width and og:image:height in pixels`);
  }
  return warnings;
}
