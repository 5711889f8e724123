import {
  type ImageFileField,
  imageFileProblem,
  imageUrl,
  quotedText,
  SHOWN_TEXT_MAX,
} from '@sitecontent/client/internal';
import { entryData, type WithData } from '../entries/entry-data.js';
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
   * Origin to build the URLs on, e.g. a CDN; `''` for root-relative URLs. @default the entry's
   * `imageOrigin`: the site's domain, as the loader read it
   */
  origin?: string;
}

/** The fields of a product photo the URLs are built from. */
export type ImageSource = Pick<ProductImageData, 'id' | 'path' | 'image' | 'image_small' | 'image_big'>;

/** `image`'s file `field` on `origin`, held to the loaders' rule: an image off the site is an error. */
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
  const data = entryData(product);
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
