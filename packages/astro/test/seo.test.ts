import { describe, expect, it } from 'vitest';
import { buildSeo, type MetaTags, siteUrl } from '../src/entries/seo.js';
import { pageSeo, plainText, truncateOnWordBoundary } from '../src/index.js';

describe('truncateOnWordBoundary', () => {
  it('keeps short text', () => {
    expect(truncateOnWordBoundary('Short text.')).toBe('Short text.');
  });
  it('cuts at 160 characters on a word boundary and never splits a word', () => {
    const text = `${'word '.repeat(40)}end`;
    const cut = truncateOnWordBoundary(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });
  it('cuts a single over-long word hard', () => {
    const cut = truncateOnWordBoundary('x'.repeat(300));
    expect(cut).toHaveLength(160);
  });
});

/**
 * The SEO of a page as the loaders store it (`buildSeo`) and a page derives it (`pageSeo`), for a
 * product record with one photo on https://1.sites.test.
 */
const ORIGIN = 'https://shop.example';
const record = {
  zag: 'Phone X',
  stxt: '<p>A <b>great</b> phone &amp; more.</p>',
  txt: '<p>Long text</p>',
  url: '/catalog/phones/12',
  img: [{ id: 1, path: '/images/12/', image: 'a.jpg', image_small: 'a_s.jpg', image_big: 'a_big.jpg' }],
  imageOrigin: 'https://1.sites.test',
};
type Record = Omit<typeof record, 'img' | 'imageOrigin'> &
  Partial<Pick<typeof record, 'img' | 'imageOrigin'>>;
const seoOf = (data: Record, meta: MetaTags | undefined) =>
  pageSeo({ ...data, seo: buildSeo({ url: data.url }, meta, ORIGIN) }, { site: ORIGIN });

describe('buildSeo and pageSeo', () => {
  it('falls back to the record when the service has no meta, and stores nothing', () => {
    expect(buildSeo({ url: record.url }, undefined, ORIGIN)).toEqual({});
    expect(seoOf(record, undefined)).toEqual({
      title: 'Phone X',
      description: 'A great phone & more.',
      keywords: '',
      ogTitle: 'Phone X',
      ogDescription: 'A great phone & more.',
      ogImage: 'https://1.sites.test/images/12/a_big.jpg',
      canonical: 'https://shop.example/catalog/phones/12',
      source: {
        title: 'fallback',
        description: 'fallback',
        keywords: 'fallback',
        ogDescription: 'fallback',
        ogImage: 'fallback',
      },
    });
  });

  it('stores the service meta as plain text, and the page makes og_image absolute', () => {
    const meta = {
      ttl: 'Buy Phone X',
      dsc: 'Best phone',
      kwd: 'phone, x',
      og_title: 'OG',
      og_image: ' /upload/og.png ',
    };
    expect(buildSeo({ url: record.url }, meta, ORIGIN)).toEqual({
      title: 'Buy Phone X',
      description: 'Best phone',
      keywords: 'phone, x',
      ogDescription: 'OG',
      ogImage: '/upload/og.png',
    });
    const seo = seoOf(record, meta);
    expect(seo.title).toBe('Buy Phone X');
    expect(seo.description).toBe('Best phone');
    expect(seo.keywords).toBe('phone, x');
    // The interface's og_title is the OpenGraph description; og:title stays the page title.
    expect(seo.ogTitle).toBe('Buy Phone X');
    expect(seo.ogDescription).toBe('OG');
    expect(seo.ogImage).toBe('https://shop.example/upload/og.png');
    expect(seo.source).toEqual({
      title: 'service',
      description: 'service',
      keywords: 'service',
      ogDescription: 'service',
      ogImage: 'service',
    });
  });

  it('mixes: empty meta fields fall back individually; description from the body when stxt is empty', () => {
    const { img: _photos, ...noPhotos } = record;
    const seo = seoOf({ ...noPhotos, stxt: '' }, { ttl: 'T', dsc: '', kwd: '', og_title: '', og_image: '' });
    expect(seo.title).toBe('T');
    expect(seo.ogTitle).toBe('T');
    expect(seo.description).toBe('Long text');
    expect(seo.ogDescription).toBe('Long text');
    expect(seo.ogImage).toBeNull();
    expect(seo.source.title).toBe('service');
    expect(seo.source.description).toBe('fallback');
  });

  it("an entry's body is its rendered HTML", () => {
    const { txt: _body, ...data } = record;
    const entry = { id: '12', data: { ...data, stxt: '' }, rendered: { html: '<p>Rendered body</p>' } };
    expect(pageSeo(entry, { site: ORIGIN }).description).toBe('Rendered body');
  });

  it('a meta value of nothing but markup or entities is no value: the record fills it in', () => {
    const meta = {
      ttl: '</title><script>alert("ttl")</script>',
      dsc: '<p> &nbsp; </p>',
      kwd: '<br>',
      og_title: '<!-- -->',
      og_image: '',
    };
    expect(buildSeo({ url: record.url }, meta, ORIGIN)).toEqual({});
    const seo = seoOf(record, meta);
    expect(seo).toMatchObject({
      title: 'Phone X',
      ogTitle: 'Phone X',
      description: 'A great phone & more.',
      keywords: '',
      ogDescription: 'A great phone & more.',
    });
    expect(seo.source).toMatchObject({
      title: 'fallback',
      description: 'fallback',
      keywords: 'fallback',
      ogDescription: 'fallback',
    });
  });
});

describe('plainText', () => {
  it('decodes named, numeric and hex entities; &nbsp; is a space and &shy; disappears', () => {
    expect(plainText('&euro;10 &times; 2 &rsquo;s &hellip; &#8364; &#x20AC; &#X20ac;')).toBe(
      '€10 × 2 ’s … € € €',
    );
    expect(plainText('a&nbsp;b&nbsp;&nbsp;c')).toBe('a b c');
    expect(plainText('Kopf&shy;hörer')).toBe('Kopfhörer');
    expect(plainText('Tom &amp; Jerry &lt;3 &quot;x&quot; &apos;y&apos;')).toBe(`Tom & Jerry <3 "x" 'y'`);
  });

  it('keeps block boundaries as spaces and drops scripts, styles, images and link targets', () => {
    expect(
      plainText(
        '<h2>Title</h2><p>One <b>bold</b> <a href="https://x.example">link</a></p><ul><li>a</li><li>b</li></ul>' +
          '<script>alert(1)</script><style>p{color:red}</style><img src="x.png" alt="pic"><table><tr><td>c</td><td>d</td></tr></table>',
      ),
    ).toBe('Title One bold link a b c d');
  });

  it('leaves text without markup or entities as it is, whitespace collapsed', () => {
    expect(plainText('  plain\n text  ')).toBe('plain text');
  });

  it('descriptions from the service and the fallbacks hold no entity text', () => {
    const seo = seoOf(
      { zag: 'Caf&eacute; &amp; Bar', stxt: '<p>Price&nbsp;&euro;10 &times; 2</p>', txt: '', url: '/x' },
      { ttl: '', dsc: '', kwd: '', og_title: 'Only &pound;5&shy;!', og_image: '' },
    );
    expect(seo.title).toBe('Café & Bar');
    expect(seo.description).toBe('Price €10 × 2');
    expect(seo.ogDescription).toBe('Only £5!');
    expect(JSON.stringify(seo)).not.toMatch(/&[a-z]+;|&#/i);
  });
});

describe('URLs stay on the site', () => {
  const page = { zag: 'T', stxt: '', txt: '', url: '/catalog/x/1' };
  const meta = (og_image: string) => ({ ttl: '', dsc: '', kwd: '', og_title: '', og_image });

  it('siteUrl writes the origin as URL#origin does, however the site was written', () => {
    for (const given of [
      'HTTPS://Shop.Example',
      'https://shop.example:443',
      'https://shop.example/',
      'https://shop.example',
    ]) {
      expect(siteUrl('/a', given), given).toBe('https://shop.example/a');
    }
    expect(siteUrl('/a', 'http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321/a');
    expect(siteUrl('/a', 'http://shop.example:80')).toBe('http://shop.example/a');
  });

  it('siteUrl accepts paths and same-origin URLs, nothing that leaves the site', () => {
    const origin = 'https://shop.example';
    expect(siteUrl('/a/b', origin)).toBe('https://shop.example/a/b');
    expect(siteUrl('a/b', origin)).toBe('https://shop.example/a/b');
    expect(siteUrl('https://shop.example/c', origin)).toBe('https://shop.example/c');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/y',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://shop.example/c',
    ]) {
      expect(siteUrl(bad, origin), bad).toBeUndefined();
    }
  });

  it('siteUrl gives a plain path exactly what the URL parser gives it, and still parses the others', () => {
    const parsed = (path: string, origin: string) => new URL(path, `${new URL(origin).origin}/`).href;
    for (const origin of ['https://shop.example', 'https://shop.example:8443/', 'http://127.0.0.1:4321']) {
      for (const path of [
        '/',
        '/catalog/phones/12',
        '/a//b',
        '/A-Z_0-9~/x/',
        '/img/goods/item-1_big.jpg',
        '/a/b./',
        '/v1.2/x',
        '/a/.hidden',
        '/a/...',
        '/a/./b',
        '/a/../b',
        '/a b',
        '/ü',
        '/a?x=1#y',
      ]) {
        expect(siteUrl(path, origin), `${origin} ${path}`).toBe(parsed(path, origin));
      }
    }
    // The origin is parsed once per origin, not reused for another one.
    expect(siteUrl('/x', 'https://one.example')).toBe('https://one.example/x');
    expect(siteUrl('/x', 'https://two.example')).toBe('https://two.example/x');
  });

  it("the service's og_image counts only as a path on the site; otherwise the fallback", () => {
    expect(seoOf(page, meta('/og/a.png'))).toMatchObject({
      ogImage: 'https://shop.example/og/a.png',
      source: { ogImage: 'service' },
    });
    const photo = { id: 1, path: '/img/', image: '1.png', image_small: '', image_big: '' };
    for (const hostile of ['//evil.example/a.png', 'https://evil.example/a.png', 'javascript:alert(1)']) {
      expect(buildSeo({ url: page.url }, meta(hostile), ORIGIN), hostile).toEqual({});
      const seo = seoOf({ ...page, img: [photo], imageOrigin: ORIGIN }, meta(hostile));
      expect(seo.ogImage, hostile).toBe('https://shop.example/img/1.png');
      expect(seo.source.ogImage).toBe('fallback');
    }
  });

  it('the canonical URL is always on the site: a url that leaves it is refused', () => {
    expect(seoOf(page, undefined).canonical).toBe('https://shop.example/catalog/x/1');
    expect(() => buildSeo({ url: '//evil.example/x' }, undefined, ORIGIN)).toThrow(
      /not a path on https:\/\/shop.example/,
    );
    expect(() => pageSeo({ ...page, url: '//evil.example/x' }, { site: ORIGIN })).toThrow(
      /pageSeo: url "\/\/evil.example\/x" is not a path on https:\/\/shop.example/,
    );
  });
});
