/** Service text as XML character data, for the product sitemaps and the product feed alike. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** `text` as XML character data, without what XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/F). */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}
