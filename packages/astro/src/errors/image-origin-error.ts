import { SiteContentAstroError } from './astro-error.js';

/** `imageUrls()` without `{ origin }` on data with no `imageOrigin` (not from the products loaders). */
export class SiteContentImageOriginError extends SiteContentAstroError {
  override name = 'SiteContentImageOriginError';
  /** The photo whose URLs were asked for. */
  readonly imageId: number;

  constructor(imageId: number) {
    super(
      'image_origin_unknown',
      `imageUrls: image ${imageId}, no origin: the product has no imageOrigin (it did not come from a products loader); pass { origin } (e.g. the photos' host, or '' for root-relative URLs)`,
    );
    this.imageId = imageId;
  }
}
