/**
 * `pageImages()`: a page's photos and share image through astro:assets, sized, with a `srcset`, and
 * raster for search engines and shopping feeds (which read no SVG). An image the build cannot read
 * (a 404, a file that is not an image, a path with markup, a URL off the site) never fails the
 * build: the page falls back (the photo as linked, the site's default share image), one warning
 * names the record and field, and the SEO check counts it (open-projects.ts, `noteUnreadImage`).
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
  }): Promise<{ src: string; srcSet: { attribute: string } }>;
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
  /** `url` as WebP variants up to `width` wide (`widths` for the `srcset`); as linked, 4:3, when unreadable. */
  shown(url: string, owner: ImageOwner, width: number, widths?: readonly number[]): Promise<ShownPhoto>;
  /** A page's share image: `url` as a JPEG at most 1200 px wide, else the site's default. */
  share(url: string | null | undefined, owner: ImageOwner, alt: string): Promise<PageShareImage>;
  /** Photos for search engines and feeds: JPEGs at most 1200 px wide of those it can read, else the default share image. */
  search(urls: readonly string[], owner: ImageOwner): Promise<string[]>;
}

/** The width large share cards and Merchant Center ask for. */
const LARGE_WIDTH = 1200;
/** Characters no image path holds: a value with them is markup, not a path. */
const MARKUP = /[<>"'`\s\\]/;

export function pageImages(options: PageImagesOptions): PageImages {
  const site = options.site === undefined ? undefined : new URL(options.site).origin;
  const readFrom = options.readFrom === undefined ? site : new URL(options.readFrom).origin;
  const sizes = new Map<string, Promise<{ width: number; height: number }>>();

  /** Where the build reads `url`, or why it does not. */
  function sourceOf(url: string): string | { reason: string } {
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

  /** Reads `url`'s natural size, or notes why it cannot (once per record and field) and returns `undefined`. */
  async function readable(url: string, owner: ImageOwner) {
    const source = sourceOf(url);
    let failure: string;
    if (typeof source === 'string') {
      let size = sizes.get(source);
      if (!size) {
        size = options.inferRemoteSize(source).then(({ width, height }) => ({ width, height }));
        sizes.set(source, size);
      }
      try {
        const natural = await size;
        if (natural.width > 0 && natural.height > 0) return { source, natural };
        failure = 'has no size';
      } catch (error) {
        failure = `cannot be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
      }
    } else failure = source.reason;
    const shown = url.length > 120 ? `${url.slice(0, 117)}...` : url;
    if (noteUnreadImage({ ...owner, url, reason: failure })) {
      console.warn(
        `[@sitecontent/astro] ${owner.collection} ${owner.id}, field ${owner.field}: image ${JSON.stringify(shown)} ${failure}; the page falls back`,
      );
    }
    return undefined;
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

  return {
    async shown(url, owner, width, widths = []) {
      const read = await readable(url, owner);
      if (!read) return { src: url, srcset: undefined, width, height: Math.round((width * 3) / 4) };
      const size = fit(read.natural, width);
      const usable = [...new Set([...widths.filter((w) => w < size.width), size.width])];
      const image = await options.getImage({ src: read.source, ...size, widths: usable, format: 'webp' });
      return { src: image.src, srcset: image.srcSet.attribute || undefined, ...size };
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
        if (!read) continue;
        const size = fit(read.natural, LARGE_WIDTH);
        found.push((await options.getImage({ src: read.source, ...size, format: 'jpeg' })).src);
      }
      return found.length > 0 ? found : [(await defaultShare()).src];
    },
  };
}
