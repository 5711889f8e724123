/**
 * `pageSeo()`: an entry page's SEO fields, derived at render time from what the entry stores and the
 * site's origin; `<SeoHead>`, `structuredData()` and the storefront share it, so fallbacks are one rule.
 */

import { entryBody, entryData, type WithBody } from '../entries/entry-data.js';
import { plainText } from '../entries/plain-text.js';
import type { Seo } from '../entries/schemas.js';
import { siteUrl, truncateOnWordBoundary } from '../entries/seo.js';
import { type ImageSource, imageUrls } from '../helpers/image-urls.js';
import { siteOrigin } from '../project/site-origin.js';

/** The entry fields the SEO of a page is derived from; products, sections and articles have them. */
export interface SeoSource {
  /** The record's title. */
  zag: string;
  /** The teaser (HTML allowed); sections have none. */
  stxt?: string | undefined;
  /** The page's root-relative URL. */
  url: string;
  /** Where a product's photos are (`imageUrls()`). */
  imageOrigin?: string | undefined;
  /** What the service's meta tags gave; absent when the loader ran without `seo`. */
  seo?: Seo | undefined;
  /** A product's photos: the first is the fallback `og:image`. */
  img?: readonly ImageSource[] | undefined;
}

export type SeoOrigin = 'service' | 'fallback';

/** The SEO fields of a page, as `<SeoHead>` writes them. */
export interface PageSeo {
  /** `<title>`: meta `ttl`, else the record's title (`zag`) as plain text. */
  title: string;
  /** Meta description: meta `dsc`, else the plain text of `stxt` (or the body) cut to 160 characters. */
  description: string;
  /** Meta keywords: meta `kwd`, else `''`. */
  keywords: string;
  /** `og:title`: the page title (the interface has no OpenGraph title field). */
  ogTitle: string;
  /** `og:description`: meta `og_title` (the interface's OpenGraph description field), else the description. */
  ogDescription: string;
  /** Absolute `og:image`: meta `og_image` on the site, else a product's first photo, else `null`. */
  ogImage: string | null;
  /** Absolute canonical URL: the entry's `url` on the site's origin. */
  canonical: string;
  /** Which fields came from the service's meta tags and which are fallbacks. */
  source: {
    title: SeoOrigin;
    description: SeoOrigin;
    keywords: SeoOrigin;
    ogDescription: SeoOrigin;
    ogImage: SeoOrigin;
  };
}

export interface PageSeoOptions {
  /** The site's origin (Astro's `site`, e.g. `Astro.site`): the canonical URL and `og:image` are on it. */
  site: string | URL;
}

const from = (value: string | undefined): SeoOrigin => (value === undefined ? 'fallback' : 'service');

/** A product's first photo, big if it has one, for `og:image`. */
function firstPhoto(data: SeoSource): string | undefined {
  if (!data.img?.length) return undefined;
  const [first] = imageUrls({ img: data.img.slice(0, 1), imageOrigin: data.imageOrigin });
  return first?.big || first?.src || undefined;
}

/** The SEO fields of `entry`'s page on `site`. */
export function pageSeo(entry: WithBody<SeoSource>, options: PageSeoOptions): PageSeo {
  const data = entryData(entry);
  const origin = siteOrigin(options.site);
  const stored = data.seo ?? {};
  const canonical = siteUrl(data.url || '/', origin);
  if (canonical === undefined) {
    throw new TypeError(`pageSeo: url ${JSON.stringify(data.url)} is not a path on ${origin}`);
  }
  const title = stored.title ?? plainText(data.zag);
  const description =
    stored.description ?? truncateOnWordBoundary(plainText(data.stxt ?? '') || plainText(entryBody(entry)));
  const serviceImage = stored.ogImage === undefined ? undefined : siteUrl(stored.ogImage, origin);
  return {
    title,
    description,
    keywords: stored.keywords ?? '',
    ogTitle: title,
    ogDescription: stored.ogDescription ?? description,
    ogImage: serviceImage ?? firstPhoto(data) ?? null,
    canonical,
    source: {
      title: from(stored.title),
      description: from(stored.description),
      keywords: from(stored.keywords),
      ogDescription: from(stored.ogDescription),
      ogImage: from(serviceImage),
    },
  };
}
