import { SiteContentAstroError } from './astro-error.js';

/**
 * `imageUrls()` was called without `{ origin }` before any products load of the process told it the
 * site's domain (a server rendering stored entries with no loader and no integration hook).
 */
export class SiteContentImageOriginError extends SiteContentAstroError {
  override name = 'SiteContentImageOriginError';
  /** The photo whose URLs were asked for. */
  readonly imageId: number;

  constructor(imageId: number) {
    super(
      'image_origin_unknown',
      `imageUrls: image ${imageId}, no origin: no products loader has run in this process; pass { origin } (e.g. Astro.site's origin, or '' for root-relative URLs)`,
    );
    this.imageId = imageId;
  }
}
