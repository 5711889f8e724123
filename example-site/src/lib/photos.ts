// Product photos and share images through astro:assets, by the package's pageImages(): sized WebP
// variants with a `srcset` for the pages, JPEGs for sharing, search engines and the product feed.
// An image the build cannot read (a 404, markup in a path) never fails the build: the page falls
// back and the log names the record and field once. The build reads the photos from where the
// site's photos are served: STOREFRONT_PHOTO_ORIGIN, which the runner sets to its server of the demo
// images (scripts/photo-server.mjs), else the site's domain. It is read from the process environment,
// not astro:env, so its port is no part of the pages' code and incremental builds still skip
// unchanged pages.
import { getImage, inferRemoteSize } from 'astro:assets';
import { type ImageUrls, type PageImages, pageImages, type ShownPhoto } from '@sitecontent/astro';
import shareDefault from '../assets/share-default.png';

let made: PageImages | undefined;
/** Made on first use: a served site's runner sets the photo origin after loading this module. */
function images(): PageImages {
  made ??= pageImages({
    getImage,
    inferRemoteSize,
    defaultShareImage: shareDefault,
    readFrom: process.env.STOREFRONT_PHOTO_ORIGIN,
    site: import.meta.env.SITE,
  });
  return made;
}

/** A product photo (its normal or small image) as WebP variants up to `width` wide, `widths` for the `srcset`. */
export function shownPhoto(
  productId: number,
  photo: ImageUrls,
  field: 'src' | 'small',
  width: number,
  widths: number[],
): Promise<ShownPhoto> {
  const owner = { collection: 'products', id: productId, field: `img ${photo.id}` };
  return images().shown(photo[field], owner, width, widths);
}

/** A page's share image: its `og:image` (the page's meta) as a JPEG, else the site's default. */
export const shareImageOf = (url: string | null | undefined, page: string, alt: string) =>
  images().share(url, { collection: 'meta', id: page, field: 'og_image' }, alt);

/** A product's photos as search engines and the product feed read them: JPEGs, never SVG. */
export const searchImagesOf = (productId: number, photos: readonly ImageUrls[]) =>
  images().search(
    photos.map((photo) => photo.big),
    { collection: 'products', id: productId, field: 'img' },
  );

export type { ShownPhoto };
