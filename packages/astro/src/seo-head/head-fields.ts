/**
 * What `<SeoHead>` writes into a page's `<head>`, derived from an entry's `seo` and `url`: the
 * canonical and `og:url` from the `url` on the site's origin, OpenGraph and Twitter fields from the
 * title, description and image, and JSON-LD as script text that service data cannot leave.
 */
import { siteUrl } from '../entries/seo.js';
import { jsonLdScriptText } from '../structured-data/json-ld-text.js';

/** The SEO fields of a page: an entry's `data.seo` fits; only `title` and `description` are required. */
export interface HeadSeo {
  title: string;
  description: string;
  /** Meta keywords. @default none */
  keywords?: string | undefined;
  /** @default the title */
  ogTitle?: string | undefined;
  /** @default the description */
  ogDescription?: string | undefined;
  /** Absolute image URL for OpenGraph and Twitter. @default no image */
  ogImage?: string | null | undefined;
  /** Absolute canonical URL, used when the page has no `url`. @default derived from `url` */
  canonical?: string | undefined;
}

export interface SeoHeadProps {
  /** The page's SEO fields, e.g. an entry's `data.seo`. */
  seo: HeadSeo;
  /**
   * The page's root-relative URL, e.g. an entry's `data.url`: canonical and `og:url` on the site's
   * origin. @default none: `seo.canonical` is used
   */
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

/** The canonical URL: the `url` on `site`, else the stored canonical; never another host. */
function canonicalOf(props: SeoHeadProps, site: URL | undefined): string | undefined {
  if (props.url !== undefined && site !== undefined) {
    const url = siteUrl(props.url, site.origin);
    if (url === undefined)
      throw new TypeError(`SeoHead: url ${JSON.stringify(props.url)} is not a path on ${site.origin}`);
    return url;
  }
  return props.seo.canonical || undefined;
}

const named = (id: string, content: string | undefined): HeadMeta[] =>
  content ? [{ key: 'name', id, content }] : [];
const property = (id: string, content: string | undefined): HeadMeta[] =>
  content ? [{ key: 'property', id, content }] : [];

/** The head of a page with `props`, on `site` (Astro's `site`). */
export function seoHeadFields(props: SeoHeadProps, site: URL | undefined): HeadFields {
  const { seo } = props;
  const canonical = canonicalOf(props, site);
  const image = seo.ogImage || undefined;
  const ogTitle = seo.ogTitle || seo.title;
  const ogDescription = seo.ogDescription || seo.description;
  const nodes = props.jsonLd === undefined ? [] : Array.isArray(props.jsonLd) ? props.jsonLd : [props.jsonLd];
  return {
    title: seo.title,
    canonical,
    meta: [
      ...named('description', seo.description),
      ...named('keywords', seo.keywords),
      ...named('robots', props.noindex ? 'noindex' : undefined),
      ...property('og:site_name', props.siteName),
      ...property('og:type', props.type ?? 'website'),
      ...property('og:title', ogTitle),
      ...property('og:description', ogDescription),
      ...property('og:url', canonical),
      ...property('og:image', image),
      ...named('twitter:card', image ? 'summary_large_image' : 'summary'),
      ...named('twitter:title', ogTitle),
      ...named('twitter:description', ogDescription),
      ...named('twitter:image', image),
    ],
    jsonLd: nodes.map((node: object) => jsonLdScriptText(node)),
  };
}
