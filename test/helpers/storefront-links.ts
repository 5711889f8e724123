// The storefront's own links, read as a browser parses the HTML: a page linked through a redirect
// costs the visitor a round trip and the crawler a hop, so the suite checks that each is canonical.
import { Parser } from 'htmlparser2';

/**
 * The storefront's own links to its pages: root-relative `<a href>`s outside the service's HTML (the
 * `.prose` blocks, whose links are the shop's content) and not to a file (`/sitemap-index.xml`).
 */
export function storefrontLinks(html: string): string[] {
  const links: string[] = [];
  const open: boolean[] = [];
  let inContent = 0;
  const parser = new Parser({
    onopentag(name, attrs) {
      const content = /(^|\s)prose(\s|$)/.test(attrs.class ?? '');
      open.push(content);
      if (content) inContent++;
      const href = attrs.href ?? '';
      if (name === 'a' && inContent === 0 && /^\/[^.#?]*$/.test(href)) links.push(href);
    },
    onclosetag() {
      if (open.pop()) inContent--;
    },
  });
  parser.end(html);
  return links;
}
