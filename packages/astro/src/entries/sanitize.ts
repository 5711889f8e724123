/**
 * HTML from the service reaches pages unescaped, so it is sanitized by default: scripts, event
 * handlers and `javascript:` URLs go. Content must not reach into the page either: `id`s (which
 * clobber globals and anchors) and classes are prefixed `sc-`; `style` keeps text properties; a new
 * tab link gets `rel="noopener noreferrer"`; `data:` URLs only for raster images.
 */
import parseSrcset from 'parse-srcset';
import sanitizeHtmlLib from 'sanitize-html';

/** Prefix of the `id`s and classes of sanitized content (`id="intro"` → `id="sc-intro"`). */
export const CONTENT_PREFIX = 'sc-';

/** `data:` URLs an `<img>` may show: raster images, which cannot run script (SVG can). */
const RASTER_DATA_URL = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/=\s]*$/i;

const prefixed = (value: string) =>
  value
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => (token.startsWith(CONTENT_PREFIX) ? token : `${CONTENT_PREFIX}${token}`))
    .join(' ');

const isDataUrl = (url: string) => url.trim().toLowerCase().startsWith('data:');
const isRasterDataUrl = (url: string) => RASTER_DATA_URL.test(url.trim());

/** `srcset` parsed by sanitize-html's parser, without its `console.log` of service text into the log. */
function quietlyParsedSrcset(srcset: string): ReturnType<typeof parseSrcset> {
  const log = console.log;
  console.log = () => {};
  try {
    return parseSrcset(srcset);
  } finally {
    console.log = log;
  }
}

/**
 * `srcset` without invalid candidates or non-raster `data:` ones (sanitize-html checks only the
 * scheme); undefined when none is left. Written as sanitize-html writes it.
 */
function rasterOnlySrcset(srcset: string): string | undefined {
  const kept = quietlyParsedSrcset(srcset).filter(({ url }) => !isDataUrl(url) || isRasterDataUrl(url));
  if (kept.length === 0) return undefined;
  const descriptor = (value: number | undefined, unit: string) => (value ? ` ${value}${unit}` : '');
  return kept
    .map(({ url, w, h, d }) => `${url}${descriptor(w, 'w')}${descriptor(h, 'h')}${descriptor(d, 'x')}`)
    .join(', ');
}

/** `id`/`class` prefixed; a same-page link follows its target's new `id`. */
function scopeAttributes(attribs: sanitizeHtmlLib.Attributes): sanitizeHtmlLib.Attributes {
  const out = { ...attribs };
  if (out.id) out.id = prefixed(out.id).split(' ')[0] ?? '';
  if (out.class) out.class = prefixed(out.class);
  return out;
}

const SANITIZE_OPTIONS: sanitizeHtmlLib.IOptions = {
  allowedTags: [
    ...sanitizeHtmlLib.defaults.allowedTags,
    'img',
    'picture',
    'source',
    'figure',
    'figcaption',
    'video',
    'audio',
    'del',
    'ins',
    'sub',
    'sup',
    'u',
    's',
    'small',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir', 'style'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['src', 'srcset', 'type', 'media', 'sizes'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'muted', 'loop', 'playsinline'],
    audio: ['src', 'controls'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    ol: ['start', 'type', 'reversed'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // `//host/path` leaves the site as surely as `https://host/path` while looking like a path.
  allowProtocolRelative: false,
  // Text styling only: nothing that positions, sizes, layers or loads.
  allowedStyles: {
    '*': {
      color: [/^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic|oblique)$/],
      'text-decoration': [/^(none|underline|line-through|overline)$/],
    },
  },
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: scopeAttributes(attribs) }),
    a: (tagName, attribs) => {
      const out = scopeAttributes(attribs);
      if (out.name) out.name = prefixed(out.name).split(' ')[0] ?? '';
      if (out.href?.startsWith('#') && out.href.length > 1) out.href = `#${prefixed(out.href.slice(1))}`;
      // A new tab must not get `window.opener` (reverse tabnabbing) or the page's URL as referrer.
      if (out.target) out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out = scopeAttributes(attribs);
      if (out.src !== undefined && isDataUrl(out.src) && !isRasterDataUrl(out.src)) delete out.src;
      if (out.srcset !== undefined) {
        const srcset = rasterOnlySrcset(out.srcset);
        if (srcset === undefined) delete out.srcset;
        else out.srcset = srcset;
      }
      return { tagName, attribs: out };
    },
  },
  // An image left without a source shows nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Whether sanitizing can change `html`: text without `<` holds no markup (most teasers). */
export function holdsMarkup(html: string): boolean {
  return html.includes('<');
}

/** Sanitizes one HTML fragment; text without `<` is returned as is. */
export function sanitizeHtml(html: string): string {
  if (!holdsMarkup(html)) return html;
  return sanitizeHtmlLib(html, SANITIZE_OPTIONS);
}

/** What an entry shows of an HTML field: `sanitizeHtml`, its result from the worker thread, or `keepHtml`. */
export type HtmlCleaner = (html: string) => string;

/** `sanitize: false`: the HTML as the service sent it. */
export const keepHtml: HtmlCleaner = (html) => html;

/** The cleaner of a loader's `sanitize` option. */
export function cleanerFor(sanitize: boolean): HtmlCleaner {
  return sanitize ? sanitizeHtml : keepHtml;
}

/** This module's own URL: a worker thread imports it to sanitize (sanitize-thread.ts). */
export const SANITIZE_MODULE_URL = import.meta.url;
