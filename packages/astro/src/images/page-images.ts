/**
 * `pageImages()`: a page's photos and share image through astro:assets, sized, with a `srcset`, and
 * raster for search engines and shopping feeds (which read no SVG). An image the build cannot read
 * (a 404, a file that is not an image, a path with markup, a URL off the site) never fails the
 * build: the page falls back (the photo as linked, the site's default share image), one warning
 * names the record and field, and the SEO check counts it (open-projects.ts, `noteUnreadImage`).
 * With `onRequest` (pages rendered on demand) nothing is read while the page renders: each image is
 * named at a size the page decides and Astro's image endpoint reads it when a browser asks, so a
 * view never waits on the image host (docs/architecture.md, "Images").
 * astro:assets' functions are handed in, so this module loads outside Astro's pipeline too.
 */
import { noteUnreadImage } from '../project/open-projects.js';

/** Which record and field an image comes from, for the warning that names it. */
export interface ImageOwner {
  collection: string;
  id: number | string;
  field: string;
}

/** An imported image (`import share from '../assets/share.png'`). */
export interface ImportedImage {
  src: string;
  width: number;
  height: number;
  format: string;
}

/** What `pageImages()` needs of astro:assets: pass `getImage` and `inferRemoteSize` from it. */
export interface PageImagesOptions {
  // `src` and `format` as loose as astro:assets' own, so its `getImage` is accepted as it is.
  getImage(options: {
    src: unknown;
    width?: number;
    height?: number;
    widths?: number[];
    format?: string;
    fit?: string;
  }): Promise<{ src: string; srcSet: { attribute: string } }>;
  /** Reads a remote image's natural size; never called with `onRequest`. */
  inferRemoteSize(url: string): Promise<{ width: number; height: number }>;
  /** The site's share image, for a page without one of its own or whose image cannot be read. */
  defaultShareImage: ImportedImage;
  /**
   * Where the build reads an image the site links (at a path, or on `site`): this origin with the
   * image's path, e.g. the server of the site's photos. Astro names each variant by a hash of the
   * URL it reads, so an origin that changes from build to build (a server on a free port) renames
   * every variant, and every page linking one: keep it stable for builds that write the same
   * bytes, or have the image service hash the URL without it. @default `site`
   */
  readFrom?: string | URL | undefined;
  /** The site's origin (`Astro.site`): images elsewhere are not read. */
  site: string | URL | undefined;
  /**
   * For pages rendered on demand (`!Astro.isPrerendered`): no image is read while the page renders.
   * Each is named at the size the page decides (a photo `photoAspectRatio` at the width asked, the
   * share image 1200 × 630, both cropped to fill it; search images at most 1200 px on a side) and
   * Astro's image endpoint (`/_image`) reads and resizes it when a browser asks, so an image host
   * that is slow or down costs the visitor that image, never the page. Astro never enlarges: a
   * source smaller than its box comes out at its own size, the page's CSS keeps the box. The image's
   * origin must be allowed in `image.remotePatterns` (the integration adds the site's domain), and no
   * warning or SEO check learns of an image that cannot be read. @default false
   */
  onRequest?: boolean | undefined;
  /** With `onRequest`: the shape (width / height) of the box a photo is shown in. @default 4 / 3 */
  photoAspectRatio?: number | undefined;
}

/** A photo for `<img>`: its URL, the variants for `srcset` and the size it is shown at. */
export interface ShownPhoto {
  src: string;
  srcset: string | undefined;
  width: number;
  height: number;
}

/** A share image as `<SeoHead>` takes it. */
export interface PageShareImage {
  src: string;
  width: number;
  height: number;
  type: string;
  alt?: string;
}

export interface PageImages {
  /**
   * `url` as WebP variants up to `width` wide (`widths` for the `srcset`); as linked, 4:3, when
   * unreadable. With `onRequest`: `width` × `width / photoAspectRatio`, cropped to fill it.
   */
  shown(url: string, owner: ImageOwner, width: number, widths?: readonly number[]): Promise<ShownPhoto>;
  /** A page's share image: `url` as a JPEG at most 1200 px wide (with `onRequest` 1200 × 630), else the site's default. */
  share(url: string | null | undefined, owner: ImageOwner, alt: string): Promise<PageShareImage>;
  /** Photos for search engines and feeds: JPEGs at most 1200 px wide of those it can read, else the default share image. */
  search(urls: readonly string[], owner: ImageOwner): Promise<string[]>;
}

/** The width large share cards and Merchant Center ask for. */
const LARGE_WIDTH = 1200;
/** A share card's box when the image is not read: the 1.91:1 of large link previews. */
const SHARE_BOX = { width: LARGE_WIDTH, height: 630 };
/** A search image's box when it is not read: the photo's own shape, at most this on a side. */
const SEARCH_BOX = { width: LARGE_WIDTH, height: LARGE_WIDTH };
/** URLs warned about on request, kept so a long-running server warns once each without growing. */
const WARNED_LIMIT = 1000;
/** Characters no image path holds: a value with them is markup, not a path. */
const MARKUP = /[<>"'`\s\\]/;

export function pageImages(options: PageImagesOptions): PageImages {
  const site = options.site === undefined ? undefined : new URL(options.site).origin;
  const readFrom = options.readFrom === undefined ? site : new URL(options.readFrom).origin;
  const sizes = new Map<string, Promise<{ width: number; height: number }>>();
  const photoAspectRatio = options.photoAspectRatio ?? 4 / 3;
  if (!(photoAspectRatio > 0 && Number.isFinite(photoAspectRatio)))
    throw new RangeError(`pageImages: photoAspectRatio must be a positive number, got ${photoAspectRatio}`);
  const warned = new Set<string>();

  /** Where the build reads `url`, or why it does not. */
  function readableSource(url: string): string | { reason: string } {
    if (!url.trim()) return { reason: 'is empty' };
    if (MARKUP.test(url.trim())) return { reason: 'holds markup or spaces, not a path' };
    let parsed: URL;
    try {
      parsed = new URL(url, site ?? 'https://site.invalid');
    } catch {
      return { reason: 'is not a URL' };
    }
    if (!/^https?:$/.test(parsed.protocol)) return { reason: 'is not an http(s) URL' };
    if (site !== undefined && parsed.origin !== site && parsed.origin !== readFrom)
      return { reason: `is off the site (${parsed.origin})` };
    if (readFrom === undefined) return { reason: "has no origin to be read from (set Astro's site)" };
    return new URL(parsed.pathname + parsed.search, readFrom).href;
  }

  /** Says once why `url` is not shown as itself. At build time the SEO check counts it too. */
  function fallBack(url: string, owner: ImageOwner, failure: string): undefined {
    const shown = url.length > 120 ? `${url.slice(0, 117)}...` : url;
    let first: boolean;
    if (options.onRequest) {
      first = !warned.has(url);
      if (warned.size >= WARNED_LIMIT) warned.clear();
      warned.add(url);
    } else first = noteUnreadImage({ ...owner, url, reason: failure });
    if (first) {
      console.warn(
        `[@sitecontent/astro] ${owner.collection} ${owner.id}, field ${owner.field}: image ${JSON.stringify(shown)} ${failure}; the page falls back`,
      );
    }
    return undefined;
  }

  /** Reads `url`'s natural size, or notes why it cannot (once per record and field) and returns `undefined`. */
  async function readable(url: string, owner: ImageOwner) {
    const source = readableSource(url);
    if (typeof source !== 'string') return fallBack(url, owner, source.reason);
    let size = sizes.get(source);
    if (!size) {
      size = options.inferRemoteSize(source).then(({ width, height }) => ({ width, height }));
      sizes.set(source, size);
    }
    try {
      const natural = await size;
      if (natural.width > 0 && natural.height > 0) return { source, natural };
      return fallBack(url, owner, 'has no size');
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return fallBack(url, owner, `cannot be read (${message})`);
    }
  }

  /** On request: where `url` is read when a browser asks, else the fallback noted; nothing is fetched. */
  function named(url: string, owner: ImageOwner): string | undefined {
    const source = readableSource(url);
    return typeof source === 'string' ? source : fallBack(url, owner, source.reason);
  }

  const fit = (natural: { width: number; height: number }, width: number) => {
    const w = Math.min(width, natural.width);
    return { width: w, height: Math.round((w * natural.height) / natural.width) };
  };

  async function defaultShare(): Promise<PageShareImage> {
    const image = await options.getImage({ src: options.defaultShareImage, format: 'png' });
    const { width, height } = options.defaultShareImage;
    return { src: image.src, width, height, type: 'image/png' };
  }

  /** Variants of `source` in `size`, with the `widths` below its width for the `srcset`. */
  async function shownAt(
    source: string,
    size: { width: number; height: number },
    widths: readonly number[],
    crop: boolean,
  ): Promise<ShownPhoto> {
    const usable = [...new Set([...widths.filter((w) => w < size.width), size.width])];
    const image = await options.getImage({
      src: source,
      ...size,
      widths: usable,
      format: 'webp',
      ...(crop ? { fit: 'cover' as const } : {}),
    });
    return { src: image.src, srcset: image.srcSet.attribute || undefined, ...size };
  }

  /** A JPEG of `source` for search engines and feeds: the photo's shape, at most 1200 px wide. */
  async function searchImage(source: string, natural?: { width: number; height: number }) {
    const size = natural ? fit(natural, LARGE_WIDTH) : { ...SEARCH_BOX, fit: 'contain' as const };
    return (await options.getImage({ src: source, ...size, format: 'jpeg' })).src;
  }

  if (options.onRequest) {
    return {
      async shown(url, owner, width, widths = []) {
        const size = { width, height: Math.round(width / photoAspectRatio) };
        const source = named(url, owner);
        return source ? shownAt(source, size, widths, true) : { src: url, srcset: undefined, ...size };
      },
      async share(url, owner, alt) {
        const source = url ? named(url, owner) : undefined;
        if (!source) return defaultShare();
        const image = await options.getImage({ src: source, ...SHARE_BOX, fit: 'cover', format: 'jpeg' });
        return { src: image.src, ...SHARE_BOX, type: 'image/jpeg', alt };
      },
      async search(urls, owner) {
        const found: string[] = [];
        for (const url of urls) {
          const source = named(url, owner);
          if (source) found.push(await searchImage(source));
        }
        return found.length > 0 ? found : [(await defaultShare()).src];
      },
    };
  }

  return {
    async shown(url, owner, width, widths = []) {
      const read = await readable(url, owner);
      if (!read) return { src: url, srcset: undefined, width, height: Math.round((width * 3) / 4) };
      return shownAt(read.source, fit(read.natural, width), widths, false);
    },
    async share(url, owner, alt) {
      const read = url ? await readable(url, owner) : undefined;
      if (!read) return defaultShare();
      const size = fit(read.natural, LARGE_WIDTH);
      const image = await options.getImage({ src: read.source, ...size, format: 'jpeg' });
      return { src: image.src, ...size, type: 'image/jpeg', alt };
    },
    async search(urls, owner) {
      const found: string[] = [];
      for (const url of urls) {
        const read = await readable(url, owner);
        if (read) found.push(await searchImage(read.source, read.natural));
      }
      return found.length > 0 ? found : [(await defaultShare()).src];
    },
  };
}
