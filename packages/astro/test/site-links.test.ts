/**
 * Links in the service's HTML to the site's pages are written in the site's URL style when an entry
 * is built (entries/site-links.ts), by the build-time and the live loaders alike, so an article's
 * link to `/catalog/phones` is not a redirect (or a 404) on a site whose pages end with `/`.
 */
import { describe, expect, it } from 'vitest';
import { readUrlStyle } from '../src/entries/page-url.js';
import { siteHref, siteLinks } from '../src/entries/site-links.js';
import { articlesLoader, liveArticlesLoader } from '../src/index.js';
import { openProject } from '../src/project/open-projects.js';
import { emulatorWithSite, loadInto } from './helpers/index.js';

const always = { trailingSlash: 'always', format: 'directory' } as const;
const never = { trailingSlash: 'never', format: 'directory' } as const;
const origin = 'https://shop.example';

describe('siteHref', () => {
  it('writes a page path in the style, keeping its query and fragment', () => {
    expect(siteHref('/catalog/phones', always, origin)).toBe('/catalog/phones/');
    expect(siteHref('/catalog/phones/', never, origin)).toBe('/catalog/phones');
    expect(siteHref('/catalog/phones?sort=price#top', always, origin)).toBe(
      '/catalog/phones/?sort=price#top',
    );
    expect(siteHref('/', never, origin)).toBe('/');
  });

  it("writes an absolute URL on the site's origin in the style, and no other host's", () => {
    expect(siteHref('https://shop.example/catalog/phones', always, origin)).toBe(
      'https://shop.example/catalog/phones/',
    );
    expect(siteHref('https://other.example/catalog/phones', always, origin)).toBe(
      'https://other.example/catalog/phones',
    );
    expect(siteHref('https://shop.example/catalog/phones', always, undefined)).toBe(
      'https://shop.example/catalog/phones',
    );
  });

  it('leaves files, anchors, other schemes and protocol-relative URLs as written', () => {
    for (const href of [
      '/img/blog/a.svg',
      '/sitemap-index.xml',
      '#intro',
      'mailto:a@b.c',
      '//cdn.example/x',
    ]) {
      expect(siteHref(href, always, origin), href).toBe(href);
    }
  });
});

describe('siteLinks', () => {
  it('rewrites <a href> in every quoting, and nothing but <a href>', () => {
    const html =
      '<p><a href="/catalog/phones">a</a> <a class=x href=\'/catalog\'>b</a> <a href=/about>c</a>' +
      ' <img src="/catalog/phones"> <a href="/img/a.jpg">d</a></p>';
    expect(siteLinks(html, always, origin)).toBe(
      '<p><a href="/catalog/phones/">a</a> <a class=x href=\'/catalog/\'>b</a> <a href="/about/">c</a>' +
        ' <img src="/catalog/phones"> <a href="/img/a.jpg">d</a></p>',
    );
  });

  it('returns text without links as it is', () => {
    const text = 'No markup here: /catalog/phones';
    expect(siteLinks(text, always, origin)).toBe(text);
  });
});

describe('loaders write the links of stored HTML in the site style', () => {
  const shared = emulatorWithSite();

  /** The rendered HTML of every article, joined. */
  const articleHtml = async (trailingSlash: 'always' | 'never', sanitize: boolean) => {
    const t = await loadInto(articlesLoader({ sanitize }), {
      collection: 'articles',
      root: shared.site.root,
      site: origin,
      trailingSlash,
    });
    return t.store
      .values('articles')
      .map((e) => e.rendered?.html ?? '')
      .join('\n');
  };

  it("build-time: '/catalog/phones' becomes '/catalog/phones/' with 'always', sanitized or not", async () => {
    for (const sanitize of [true, false]) {
      const html = await articleHtml('always', sanitize);
      expect(html).toContain('href="/catalog/phones/"');
      expect(html).not.toContain('href="/catalog/phones"');
      // A file the text links to stays as the service wrote it.
      expect(html).toMatch(/src="\/img\/[^"]+\.svg"/);
    }
    const never = await articleHtml('never', true);
    expect(never).toContain('href="/catalog/phones"');
  });

  it('live: the same links, in the style the integration registered', async () => {
    const project = openProject(
      shared.site.root,
      { connection: {}, client: {}, metaMaxAge: 0, env: {} },
      undefined,
      true,
    );
    project.settleUrls(undefined, always);
    const conn = { baseUrl: shared.emu.url, apiKey: shared.emu.key, sid: shared.emu.sid, site: origin };
    const result = await liveArticlesLoader(conn).loadCollection({ collection: 'articles' });
    expect('entries' in result).toBe(true);
    const html = 'entries' in result ? result.entries.map((e) => e.rendered?.html ?? '').join('\n') : '';
    expect(html).toContain('href="/catalog/phones/"');
    expect(html).not.toContain('href="/catalog/phones"');
  });
});

describe("links below the site's base", () => {
  const shop = { trailingSlash: 'always', format: 'directory', base: '/shop/' } as const;
  const bare = { trailingSlash: 'never', format: 'directory', base: '/shop/' } as const;

  it('start with the base once, in the style', () => {
    expect(siteHref('/catalog/phones', shop, origin)).toBe('/shop/catalog/phones/');
    expect(siteHref('/shop/catalog/phones', shop, origin)).toBe('/shop/catalog/phones/');
    expect(siteHref('/catalog/phones/', bare, origin)).toBe('/shop/catalog/phones');
    expect(siteHref('/', shop, origin)).toBe('/shop/');
    expect(siteHref('/', bare, origin)).toBe('/shop');
    expect(siteHref('https://shop.example/catalog?x=1', shop, origin)).toBe(
      'https://shop.example/shop/catalog/?x=1',
    );
    // Files are not pages: as written.
    expect(siteHref('/img/a.jpg', shop, origin)).toBe('/img/a.jpg');
  });

  it("follow the Astro config's base, as Astro accepts it with or without slashes", () => {
    for (const base of ['/shop', 'shop/', '/shop/']) {
      const style = readUrlStyle({ base });
      expect(style.base).toBe('/shop/');
      expect(siteHref('/about', style, origin)).toBe('/shop/about/');
    }
    expect(readUrlStyle({}).base).toBe('/');
  });
});
