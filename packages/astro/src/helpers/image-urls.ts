import { imageUrl } from '@sitecontent/client';
import type { ProductImageData } from '../entries/schemas.js';
import { dataOf, type WithData } from './entry-data.js';

export interface ImageUrls {
  id: number;
  /** URL of the normal-size image. */
  src: string;
  small: string;
  big: string;
  /** Alt text: the product's title. */
  alt: string;
}

export interface ImageUrlOptions {
  /**
   * Build the URLs on this origin instead of the site's domain, e.g. a CDN; `''` gives root-relative
   * URLs, for images the site serves itself. @default the absolute URLs the loader stored (site domain)
   */
  origin?: string;
}

/** URLs of a product's photos, in the service's order (the first is the main photo). */
/** The fields of a product photo the URLs are built from. */
type ImageSource = Pick<ProductImageData, 'id' | 'path' | 'image' | 'image_small' | 'image_big' | 'urls'>;

export function imageUrls(
  product: WithData<{ zag?: string; img: readonly ImageSource[] }>,
  options: ImageUrlOptions = {},
): ImageUrls[] {
  const data = dataOf(product);
  const { origin } = options;
  return data.img.map((image) => ({
    id: image.id,
    // The client's rule: file names are joined under `path`, a leading slash cannot reach another host.
    src: origin === undefined ? image.urls.image : imageUrl(origin, image.path, image.image),
    small: origin === undefined ? image.urls.small : imageUrl(origin, image.path, image.image_small),
    big: origin === undefined ? image.urls.big : imageUrl(origin, image.path, image.image_big),
    alt: data.zag ?? '',
  }));
}
