/**
 * What `<SeoHead>` writes into `<head>`, from an entry (`pageSeo()`) or given fields and a `url`:
 * canonical and `og:url`, OpenGraph and Twitter fields, and JSON-LD that service data cannot leave.
 */

import type { WithBody } from '../entries/entry-data.js';
import { entryData } from '../entries/entry-data.js';
import { siteUrl } from '../entries/seo.js';
import { siteOrigin } from '../project/site-origin.js';
import { jsonLdScriptText } from './json-ld-text.js';
import { pageSeo, type SeoSource } from './page-seo.js';

/** A share image with its size, which social networks lay a card out by: a `getImage()` result. */
export interface ShareImage {
  /** The image's URL: absolute, or root-relative on the site (`getImage()`'s `src`). */
  src: string;
  /** Width in pixels (`og:image:width`). */
  width: number;
  /** Height in pixels (`og:image:height`). */
  height: number;
  /** MIME type (`og:image:type`), e.g. `image/jpeg`. @default none */
  type?: string | undefined;
  /** What the image shows (`og:image:alt`, `twitter:image:alt`). @default none */
  alt?: string | undefined;
}

/** The SEO fields of a page: `pageSeo()`'s result fits; only `title` and `description` are required. */
export interface HeadSeo {
  title: string;
  description: string;
  /** Meta keywords. @default none */
  keywords?: string | undefined;
  /** @default the title */
  ogTitle?: string | undefined;
  /** @default the description */
  ogDescription?: string | undefined;
  /**
   * The share image: an absolute URL, or a `ShareImage` with its size (networks show neither SVG nor,
   * until fetched, an image of unstated size). @default no image
   */
  ogImage?: string | ShareImage | null | undefined;
  /** Absolute canonical URL, used when the page has no `url`. @default derived from `url` */
  canonical?: string | undefined;
}

export interface SeoHeadProps {
  /** The entry the page shows: its SEO fields and URL, as `pageSeo()` derives them. @default none: `seo` gives the fields */
  entry?: WithBody<SeoSource> | undefined;
  /** The page's SEO fields; with `entry`, the ones given here replace the entry's. @default none */
  seo?: Partial<HeadSeo> | undefined;
  /** The page's root-relative URL, for canonical and `og:url`. @default the entry's `url`, else `seo.canonical` */
  url?: string | undefined;
  /** JSON-LD nodes (the `structuredData()` builders' results), one `<script>` each. @default none */
  jsonLd?: object | readonly object[] | undefined;
  /** `og:type`. @default 'website' */
  type?: 'website' | 'article' | 'product' | undefined;
  /** `og:site_name`. @default none */
  siteName?: string | undefined;
  /** Pages that must not be indexed (a 404): adds `robots: noindex`. @default false */
  noindex?: boolean | undefined;
}

/** One `<meta>`: OpenGraph ones are keyed by `property`, the others by `name`. */
export interface HeadMeta {
  key: 'name' | 'property';
  id: string;
  content: string;
}

export interface HeadFields {
  title: string;
  canonical: string | undefined;
  meta: HeadMeta[];
  /** Each JSON-LD node as the text of its `<script type="application/ld+json">`. */
  jsonLd: string[];
}

/** The canonical URL: the `url` on `site`, else the given canonical; never another host. */
function canonicalHref(
  url: string | undefined,
  seo: Partial<HeadSeo>,
  site: URL | undefined,
): string | undefined {
  if (url !== undefined && site !== undefined) {
    const origin = siteOrigin(site);
    const canonical = siteUrl(url, origin);
    if (canonical === undefined)
      throw new TypeError(`SeoHead: url ${JSON.stringify(url)} is not a path on ${origin}`);
    return canonical;
  }
  return seo.canonical || undefined;
}

/** The page's SEO fields: the entry's, with the given ones over them. */
function headFields(props: SeoHeadProps, site: URL | undefined): HeadSeo {
  const given = props.seo ?? {};
  if (props.entry === undefined) {
    if (given.title === undefined || given.description === undefined) {
      throw new TypeError('SeoHead: pass an entry, or seo with a title and a description');
    }
    return given as HeadSeo;
  }
  if (site === undefined) throw new TypeError("SeoHead: an entry's page needs Astro's `site`");
  const derived = pageSeo(props.entry, { site });
  const fields: HeadSeo = { ...derived };
  for (const [key, value] of Object.entries(given))
    if (value !== undefined) Object.assign(fields, { [key]: value });
  return fields;
}

/** The share image as tags: its URL on `site` when root-relative, and its size and type when known. */
function headShareImage(
  image: string | ShareImage | null | undefined,
  site: URL | undefined,
): ShareImage | undefined {
  if (!image) return undefined;
  const given = typeof image === 'string' ? { src: image } : image;
  if (!given.src) return undefined;
  const src =
    given.src.startsWith('/') && !given.src.startsWith('//') && site
      ? new URL(given.src, site).href
      : given.src;
  return { width: 0, height: 0, ...given, src };
}

/** Adds a `<meta name>` when it has content. */
function named(meta: HeadMeta[], id: string, content: string | undefined): void {
  if (content) meta.push({ key: 'name', id, content });
}
/** Adds a `<meta property>` (OpenGraph) when it has content. */
function property(meta: HeadMeta[], id: string, content: string | undefined): void {
  if (content) meta.push({ key: 'property', id, content });
}

/** The head of a page with `props`, on `site` (Astro's `site`). */
export function seoHeadFields(props: SeoHeadProps, site: URL | undefined): HeadFields {
  const seo = headFields(props, site);
  const url = props.url ?? (props.entry === undefined ? undefined : entryData(props.entry).url);
  const canonical = canonicalHref(url, props.seo?.canonical === undefined ? seo : props.seo, site);
  const image = headShareImage(seo.ogImage, site);
  const size = (value: number | undefined) => (value ? String(Math.round(value)) : undefined);
  const ogTitle = seo.ogTitle || seo.title;
  const ogDescription = seo.ogDescription || seo.description;
  const nodes = props.jsonLd === undefined ? [] : Array.isArray(props.jsonLd) ? props.jsonLd : [props.jsonLd];
  // Pushed one by one: every page of a build makes this list, and spreading one small array per tag
  // made and dropped some twenty arrays a page.
  const meta: HeadMeta[] = [];
  named(meta, 'description', seo.description);
  named(meta, 'keywords', seo.keywords);
  named(meta, 'robots', props.noindex ? 'noindex' : undefined);
  property(meta, 'og:site_name', props.siteName);
  property(meta, 'og:type', props.type ?? 'website');
  property(meta, 'og:title', ogTitle);
  property(meta, 'og:description', ogDescription);
  property(meta, 'og:url', canonical);
  property(meta, 'og:image', image?.src);
  property(meta, 'og:image:width', size(image?.width));
  property(meta, 'og:image:height', size(image?.height));
  property(meta, 'og:image:type', image?.type);
  property(meta, 'og:image:alt', image?.alt);
  named(meta, 'twitter:card', image ? 'summary_large_image' : 'summary');
  named(meta, 'twitter:title', ogTitle);
  named(meta, 'twitter:description', ogDescription);
  named(meta, 'twitter:image', image?.src);
  named(meta, 'twitter:image:alt', image?.alt);
  return {
    title: seo.title,
    canonical,
    meta,
    jsonLd: nodes.map((node: object) => jsonLdScriptText(node)),
  };
}
