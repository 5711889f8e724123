/**
 * HTML from the service reaches pages through `set:html` / `render(entry)` unescaped, so it is
 * sanitized by default (docs/architecture.md, "Failure policy and security"): scripts, event-handler
 * attributes and `javascript:` URLs go; ordinary content markup, images, tables and links stay.
 */
import sanitizeHtmlLib from 'sanitize-html';

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
  allowProtocolRelative: true,
  // `style` is allowed as an attribute, but only declarations that cannot load anything.
  allowedStyles: {
    '*': {
      color: [/^[#\w\s(),.%-]+$/],
      'background-color': [/^[#\w\s(),.%-]+$/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic|oblique)$/],
      'text-decoration': [/^[\w\s-]+$/],
      width: [/^\d+(\.\d+)?(px|%|em|rem)?$/],
      height: [/^\d+(\.\d+)?(px|%|em|rem)?$/],
    },
  },
};

/**
 * Sanitizes one HTML fragment. Text without `<` holds no markup and is returned as is (most teasers),
 * which keeps the cost of large catalogs down.
 */
export function sanitizeHtml(html: string): string {
  if (!html.includes('<')) return html;
  return sanitizeHtmlLib(html, SANITIZE_OPTIONS);
}

/** Sanitizes when `enabled`, else returns the HTML unchanged. */
export function sanitizeIf(html: string, enabled: boolean): string {
  return enabled ? sanitizeHtml(html) : html;
}
