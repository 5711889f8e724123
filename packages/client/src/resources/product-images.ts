/** Absolute image URLs of listed products, on the site's origin (schemas/image-url.ts). */
import { RecordValidationError } from '../errors/record-validation-error.js';
import {
  absoluteImageProblem,
  IMAGE_FILE_FIELDS,
  imageUrl,
  isAbsoluteImageFile,
} from '../schemas/image-url.js';
import type { Product } from '../schemas/records.js';
import type { CallOptions } from './call-options.js';

/** The first image file sent as a whole URL off the site, as an invalid-record error; undefined when none. */
function foreignImageError(product: Product, origin: string): RecordValidationError | undefined {
  for (const [index, img] of product.img.entries()) {
    for (const field of IMAGE_FILE_FIELDS) {
      const file = img[field];
      const problem = isAbsoluteImageFile(file) ? absoluteImageProblem(file, origin) : undefined;
      if (problem === undefined) continue;
      const path = ['img', index, field];
      return new RecordValidationError({
        operation: 'goods/Get',
        recordId: product.id,
        path: path.join('.'),
        issues: [{ code: 'custom', path, message: problem, input: file }],
      });
    }
  }
  return undefined;
}

/** Sets each image's `urls` on `origin`; a product with an image on another host is an invalid record. */
export function withImageUrls(products: Product[], origin: string, opts: CallOptions | undefined): Product[] {
  const kept: Product[] = [];
  for (const product of products) {
    const error = foreignImageError(product, origin);
    if (error !== undefined) {
      if (!opts?.onInvalidRecord) throw error;
      opts.onInvalidRecord(error);
      continue;
    }
    for (const img of product.img) {
      img.urls = {
        image: imageUrl(origin, img.path, img.image),
        small: imageUrl(origin, img.path, img.image_small),
        big: imageUrl(origin, img.path, img.image_big),
      };
    }
    kept.push(product);
  }
  return kept;
}
