import {
  type ImageFileField,
  imageFileProblem,
  imageUrl,
  quotedText,
  SHOWN_TEXT_MAX,
} from '@sitecontent/client/internal';
import { dataOf, type WithData } from '../entries/entry-data.js';
import type { ProductImageData } from '../entries/schemas.js';
import { SiteContentImageOriginError } from '../errors/image-origin-error.js';

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
   * URLs, for images the site serves itself. @default the entry's `imageOrigin`: the site's domain,
   * as the products loader read it (the client's `siteOrigin`, else `site/DomainDefault`)
   */
  origin?: string;
}

/** The fields of a product photo the URLs are built from. */
export type ImageSource = Pick<ProductImageData, 'id' | 'path' | 'image' | 'image_small' | 'image_big'>;

/**
 * `image`'s file `field` on `origin`. The loaders leave out a product whose image would be off the
 * site; data that did not come through them is held to the same rule here, with an error naming
 * the image and the field.
 */
function urlOn(origin: string, image: ImageSource, field: ImageFileField): string {
  const problem = imageFileProblem(image.path, image[field]);
  if (problem !== undefined) {
    const bad = imageFileProblem(image.path, 'file') === undefined ? field : 'path';
    throw new TypeError(
      `imageUrls: image ${image.id}, field ${bad} (${quotedText(image[bad], SHOWN_TEXT_MAX)}), ${problem}`,
    );
  }
  return imageUrl(origin, image.path, image[field]);
}

/** URLs of a product's photos, in the service's order (the first is the main photo). */
export function imageUrls(
  product: WithData<{ zag?: string; img: readonly ImageSource[]; imageOrigin?: string | undefined }>,
  options: ImageUrlOptions = {},
): ImageUrls[] {
  const data = dataOf(product);
  if (data.img.length === 0) return [];
  const origin = options.origin ?? data.imageOrigin;
  return data.img.map((image) => {
    if (origin === undefined) throw new SiteContentImageOriginError(image.id);
    return {
      id: image.id,
      src: urlOn(origin, image, 'image'),
      small: urlOn(origin, image, 'image_small'),
      big: urlOn(origin, image, 'image_big'),
      alt: data.zag ?? '',
    };
  });
}
