/** Plain text of the service's HTML for meta tags: tags dropped, entities decoded, whitespace collapsed. */
import { compile } from 'html-to-text';

const blocks = ['p', 'div', 'ul', 'ol', 'li', 'table', 'tr', 'th', 'td', 'blockquote', 'pre'];
const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const htmlToText = compile({
  // One line: the text goes into attributes and cards, where the layout does the wrapping.
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'hr', format: 'skip' },
    ...headings.map((selector) => ({ selector, format: 'block', options: { uppercase: false } })),
    ...blocks.map((selector) => ({ selector, format: 'block' })),
  ],
});

/** Plain text of an HTML fragment on one line: `&nbsp;` a space, `&shy;` gone. */
export function plainText(html: string): string {
  // Text with neither markup nor entities is most teasers: no parse needed.
  const text = /[<&]/.test(html) ? htmlToText(html) : html;
  return text
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
