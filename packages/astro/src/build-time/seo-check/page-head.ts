/** What the SEO check reads of a built page's `<head>`: canonical, `noindex`, JSON-LD, share image. */
import { Parser } from 'htmlparser2';

export interface PageHead {
  /** `href` of the first `<link rel="canonical">`, as written. */
  canonical: string | undefined;
  /** A `<meta name="robots">` says `noindex`. */
  noindex: boolean;
  /** The text of each `<script type="application/ld+json">`, in order. */
  jsonLd: string[];
  /** The first `og:image` and its `og:image:*` properties, as written. */
  shareImage: ShareImageTags;
}

/** A page's `og:image` tags: what a social network shows when the page is shared. */
export interface ShareImageTags {
  url: string | undefined;
  width: string | undefined;
  height: string | undefined;
  type: string | undefined;
}

/** The `og:image` properties a page head states, by the field they fill. */
const SHARE_IMAGE_PROPERTIES: Record<string, keyof ShareImageTags> = {
  'og:image': 'url',
  'og:image:url': 'url',
  'og:image:width': 'width',
  'og:image:height': 'height',
  'og:image:type': 'type',
};

/** Where a head ends: its closing tag, or the body's opening tag when the closing tag is left out. */
export const HEAD_END = /<\/head\s*>|<body[\s>]/i;

const hasToken = (value: string | undefined, token: string) =>
  (value ?? '').toLowerCase().split(/\s+/).includes(token);

export function readPageHead(html: string): PageHead {
  const end = html.search(HEAD_END);
  const head: PageHead = {
    canonical: undefined,
    noindex: false,
    jsonLd: [],
    shareImage: { url: undefined, width: undefined, height: undefined, type: undefined },
  };
  let script: string[] | undefined;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'link' && hasToken(attrs.rel, 'canonical')) head.canonical ??= attrs.href;
      else if (name === 'meta' && attrs.name?.toLowerCase() === 'robots') {
        if (/\bnoindex\b/i.test(attrs.content ?? '')) head.noindex = true;
      } else if (name === 'meta' && attrs.property !== undefined) {
        const field = SHARE_IMAGE_PROPERTIES[attrs.property.trim().toLowerCase()];
        if (field !== undefined) head.shareImage[field] ??= attrs.content;
      } else if (name === 'script' && attrs.type?.trim().toLowerCase() === 'application/ld+json') script = [];
    },
    ontext(text) {
      script?.push(text);
    },
    onclosetag(name) {
      if (name !== 'script' || !script) return;
      head.jsonLd.push(script.join(''));
      script = undefined;
    },
  });
  parser.end(end === -1 ? html : html.slice(0, end));
  // A head cut off inside a script: what was read is still the block's text.
  if (script) head.jsonLd.push(script.join(''));
  return head;
}
