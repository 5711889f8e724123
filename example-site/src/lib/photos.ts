// Product photos and share images through astro:assets, by the package's pageImages(): sized WebP
// variants with a `srcset` for the pages, JPEGs for sharing, search engines and the product feed.
// A prerendered page reads each image at build time for its size; an image the build cannot read (a
// 404, markup in a path) never fails the build: the page falls back and the log names the record and
// field once. A page rendered on demand reads none: it names each image at the size it shows it
// (photos 4:3, cropped to fill the box the CSS gives them, share images 1200 × 630) and Astro's
// /_image route reads and resizes it when a browser asks, so a view never waits on the image host.
// The images are read from where the site's photos are served: STOREFRONT_PHOTO_ORIGIN, which the
// runner sets to its server of the demo images (scripts/photo-server.mjs), else the site's domain.
// It is read from the process environment, not astro:env, so its port is no part of the pages' code
// and incremental builds still skip unchanged pages.
import { getImage, inferRemoteSize } from 'astro:assets';
import { type ImageUrls, type PageImages, pageImages, type ShownPhoto } from '@sitecontent/astro';
import shareDefault from '../assets/share-default.png';

/** What decides how a page's images are made: `Astro` in a page or component, the context in an endpoint. */
export interface ImagePage {
  isPrerendered: boolean;
}

const made = new Map<boolean, PageImages>();
/** Made on first use: a served site's runner sets the photo origin after loading this module. */
function images(page: ImagePage): PageImages {
  const onRequest = !page.isPrerendered;
  let found = made.get(onRequest);
  if (!found) {
    found = pageImages({
      getImage,
      inferRemoteSize,
      defaultShareImage: shareDefault,
      readFrom: process.env.STOREFRONT_PHOTO_ORIGIN,
      site: import.meta.env.SITE,
      onRequest,
    });
    made.set(onRequest, found);
  }
  return found;
}

/** A product photo (its normal or small image) as WebP variants up to `width` wide, `widths` for the `srcset`. */
export function shownPhoto(
  page: ImagePage,
  productId: number,
  photo: ImageUrls,
  field: 'src' | 'small',
  width: number,
  widths: number[],
): Promise<ShownPhoto> {
  const owner = { collection: 'products', id: productId, field: `img ${photo.id}` };
  return images(page).shown(photo[field], owner, width, widths);
}

/** A page's share image: its `og:image` (the page's meta) as a JPEG, else the site's default. */
export const shareImageOf = (page: ImagePage, url: string | null | undefined, path: string, alt: string) =>
  images(page).share(url, { collection: 'meta', id: path, field: 'og_image' }, alt);

/** A product's photos as search engines and the product feed read them: JPEGs, never SVG. */
export const searchImagesOf = (page: ImagePage, productId: number, photos: readonly ImageUrls[]) =>
  images(page).search(
    photos.map((photo) => photo.big),
    { collection: 'products', id: productId, field: 'img' },
  );

export type { ShownPhoto };
