// Product photos and share images through astro:assets: sized WebP variants with a `srcset` for the
// pages, a JPEG for sharing, written into dist/_astro/. astro:assets optimises remote images, read at
// build time from where the site's photos are served: STOREFRONT_PHOTO_ORIGIN, which the runner sets
// to its server of the demo images (scripts/photo-server.mjs). It is read from the process
// environment, not astro:env, so its port is no part of the pages' code and Astro's incremental
// builds still skip unchanged pages. Without it, photos are linked as the service serves them and
// pages share the site's default image; with a real service, hand getImage() the photos' URLs on the
// site's domain (`imageUrls()`), which the siteContent integration allows in `image.remotePatterns`.
import { getImage, inferRemoteSize } from 'astro:assets';
import type { ImageUrls, ShareImage } from '@sitecontent/astro';
import shareDefault from '../assets/share-default.png';

/** A photo for `<img>`: its URL, the variants for `srcset` and the size it is shown at. */
export interface ShownPhoto {
  src: string;
  srcset: string | undefined;
  width: number;
  height: number;
}

/** Share images: the width Facebook and LinkedIn lay a large card out at. */
const SHARE_WIDTH = 1200;

/** Where the build reads the photo at `url` (a path or URL on the site) from; `undefined`: nowhere. */
function sourceOf(url: string): string | undefined {
  const origin = process.env.STOREFRONT_PHOTO_ORIGIN;
  return origin ? new URL(new URL(url, 'https://site.invalid').pathname, origin).href : undefined;
}

/** Natural sizes of the photos read so far: pages that show one photo ask once per build. */
const sizes = new Map<string, Promise<{ width: number; height: number }>>();
function naturalSize(source: string) {
  let size = sizes.get(source);
  if (!size) {
    size = inferRemoteSize(source).then(({ width, height }) => ({ width, height }));
    sizes.set(source, size);
  }
  return size;
}

/** At most `width` wide and never wider than the image; the height by its aspect ratio. */
async function fitted(source: string, width: number) {
  const natural = await naturalSize(source);
  const w = Math.min(width, natural.width);
  return { width: w, height: Math.round((w * natural.height) / natural.width) };
}

/**
 * A product photo (its normal or small image) as WebP variants up to `width` wide, `widths` for the
 * `srcset`; as linked, 4:3, when the build cannot read it.
 */
export async function shownPhoto(
  photo: ImageUrls,
  field: 'src' | 'small',
  width: number,
  widths: number[],
): Promise<ShownPhoto> {
  const source = sourceOf(photo[field]);
  if (!source) return { src: photo[field], srcset: undefined, width, height: Math.round((width * 3) / 4) };
  const size = await fitted(source, width);
  const usable = [...new Set([...widths.filter((w) => w < size.width), size.width])];
  const image = await getImage({ src: source, ...size, widths: usable, format: 'webp' });
  return { src: image.src, srcset: image.srcSet.attribute || undefined, ...size };
}

/**
 * A page's share image: its `og:image` (a URL on the site) as a JPEG at most 1200 pixels wide, else
 * the site's default, the brand on 1200 × 630.
 */
export async function shareImageOf(url: string | null | undefined, alt: string): Promise<ShareImage> {
  const source = url ? sourceOf(url) : undefined;
  if (!source) {
    const image = await getImage({ src: shareDefault, format: 'png' });
    return { src: image.src, width: shareDefault.width, height: shareDefault.height, type: 'image/png' };
  }
  const size = await fitted(source, SHARE_WIDTH);
  const image = await getImage({ src: source, ...size, format: 'jpeg' });
  return { src: image.src, ...size, type: 'image/jpeg', alt };
}

/** Photos for search engines and shopping feeds: the width Google Merchant Center asks for. */
const SEARCH_WIDTH = 1200;

/**
 * A product's photos as search engines and the product feed read them: JPEGs of its big images, at
 * most 1200 pixels wide; `undefined` when the build cannot read them (the builders then name the
 * service's photos).
 */
export async function searchImagesOf(photos: readonly ImageUrls[]): Promise<string[] | undefined> {
  const sources = photos.map((photo) => sourceOf(photo.big));
  if (sources.some((source) => source === undefined)) return undefined;
  return Promise.all(
    (sources as string[]).map(async (source) => {
      const image = await getImage({ src: source, ...(await fitted(source, SEARCH_WIDTH)), format: 'jpeg' });
      return image.src;
    }),
  );
}
