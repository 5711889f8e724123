import type { ProductImageData } from '../entries/schemas.js';
import { dataOf, type WithData } from './entry-data.js';

export interface ImageUrls {
  id: number;
  /** Absolute URL of the normal-size image. */
  src: string;
  small: string;
  big: string;
  /** Alt text: the product's title. */
  alt: string;
}

/** Absolute URLs of a product's photos, in the service's order (the first is the main photo). */
export function imageUrls(
  product: WithData<{ zag?: string; img: readonly ProductImageData[] }>,
): ImageUrls[] {
  const data = dataOf(product);
  return data.img.map((image) => ({
    id: image.id,
    src: image.urls.image,
    small: image.urls.small,
    big: image.urls.big,
    alt: data.zag ?? '',
  }));
}
