import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildSeo, plainText, siteUrl, truncateOnWordBoundary } from '../src/index.js';

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

describe('absoluteUrl', () => {
  it('joins relative paths and keeps absolute URLs', () => {
    expect(absoluteUrl('/img/a.jpg', 'https://shop.example')).toBe('https://shop.example/img/a.jpg');
    expect(absoluteUrl('img/a.jpg', 'https://shop.example/')).toBe('https://shop.example/img/a.jpg');
    expect(absoluteUrl('https://cdn.example/a.jpg', 'https://shop.example')).toBe(
      'https://cdn.example/a.jpg',
    );
  });
});

describe('buildSeo', () => {
  const input = {
    title: 'Phone X',
    teaser: '<p>A <b>great</b> phone &amp; more.</p>',
    text: '<p>Long text</p>',
    url: '/catalog/phones/12',
    image: 'https://1.sites.test/images/12/a_big.jpg',
  };

  it('falls back to the record when the service has no meta', () => {
    const seo = buildSeo(input, undefined, 'https://shop.example');
    expect(seo).toEqual({
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

  it('uses the service meta where present and makes og_image absolute', () => {
    const seo = buildSeo(
      input,
      { ttl: 'Buy Phone X', dsc: 'Best phone', kwd: 'phone, x', og_title: 'OG', og_image: '/upload/og.png' },
      'https://shop.example',
    );
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

  it('mixes: empty meta fields fall back individually; description from txt when stxt is empty', () => {
    const seo = buildSeo(
      { ...input, teaser: '', image: undefined },
      { ttl: 'T', dsc: '', kwd: '', og_title: '', og_image: '' },
      'https://shop.example',
    );
    expect(seo.title).toBe('T');
    expect(seo.ogTitle).toBe('T');
    expect(seo.description).toBe('Long text');
    expect(seo.ogDescription).toBe('Long text');
    expect(seo.ogImage).toBeNull();
    expect(seo.source.title).toBe('service');
    expect(seo.source.description).toBe('fallback');
  });

  it('a meta value of nothing but markup or entities is no value: the record fills it in', () => {
    const seo = buildSeo(
      input,
      {
        ttl: '</title><script>alert("ttl")</script>',
        dsc: '<p> &nbsp; </p>',
        kwd: '<br>',
        og_title: '<!-- -->',
        og_image: '',
      },
      'https://shop.example',
    );
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
    const seo = buildSeo(
      { title: 'Caf&eacute; &amp; Bar', teaser: '<p>Price&nbsp;&euro;10 &times; 2</p>', text: '', url: '/x' },
      { ttl: '', dsc: '', kwd: '', og_title: 'Only &pound;5&shy;!', og_image: '' },
      'https://shop.example',
    );
    expect(seo.title).toBe('Café & Bar');
    expect(seo.description).toBe('Price €10 × 2');
    expect(seo.ogDescription).toBe('Only £5!');
    expect(JSON.stringify(seo)).not.toMatch(/&[a-z]+;|&#/i);
  });
});

describe('URLs stay on the site', () => {
  const input = { title: 'T', teaser: '', text: '', url: '/catalog/x/1', image: undefined };
  const meta = (og_image: string) => ({ ttl: '', dsc: '', kwd: '', og_title: '', og_image });

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
    const origin = 'https://shop.example';
    expect(buildSeo(input, meta('/og/a.png'), origin)).toMatchObject({
      ogImage: 'https://shop.example/og/a.png',
      source: { ogImage: 'service' },
    });
    for (const hostile of ['//evil.example/a.png', 'https://evil.example/a.png', 'javascript:alert(1)']) {
      const seo = buildSeo({ ...input, image: 'https://shop.example/img/1.png' }, meta(hostile), origin);
      expect(seo.ogImage, hostile).toBe('https://shop.example/img/1.png');
      expect(seo.source.ogImage).toBe('fallback');
    }
  });

  it('the canonical URL is always on the site: a url that leaves it is refused', () => {
    expect(buildSeo(input, undefined, 'https://shop.example').canonical).toBe(
      'https://shop.example/catalog/x/1',
    );
    expect(() => buildSeo({ ...input, url: '//evil.example/x' }, undefined, 'https://shop.example')).toThrow(
      /not a path on https:\/\/shop.example/,
    );
  });
});
