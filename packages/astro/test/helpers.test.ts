import { describe, expect, it } from 'vitest';
import { SiteContentImageOriginError } from '../src/errors/image-origin-error.js';
import { breadcrumbsFor, buildSectionTree, imageUrls, isSiteContentAstroError, seoAt } from '../src/index.js';

const section = (id: number, tx: string, par: string, rlv = 0) => ({
  id,
  tx,
  par,
  zag: tx.toUpperCase(),
  txt: '',
  url: par ? `/${par}/${tx}` : `/${tx}`,
  rlv,
  shw: true,
  tp: '',
  parent: par || null,
});
const sections = [
  section(1, 'catalog', '', 5),
  section(2, 'phones', 'catalog', 1),
  section(3, 'laptops', 'catalog', 9),
  section(4, 'blog', '', 1),
];
const entries = sections.map((data) => ({ id: data.tx, collection: 'sections', data }));

describe('buildSectionTree', () => {
  it('nests by par, orders siblings by rlv and sets depth (entries or data)', () => {
    for (const input of [entries, sections] as (typeof sections | typeof entries)[]) {
      const tree = buildSectionTree<(typeof input)[number]>(input);
      expect(tree.map((n) => n.id)).toEqual(['catalog', 'blog']);
      expect(tree[0]!.children.map((n) => n.id)).toEqual(['laptops', 'phones']);
      expect(tree[0]!.children[0]!.depth).toBe(1);
      expect(tree[0]!.children[0]!.entry).toBe(input[2]);
    }
  });

  it('survives a parent cycle and a missing parent', () => {
    const tree = buildSectionTree([section(1, 'a', 'b'), section(2, 'b', 'a'), section(3, 'c', 'gone')]);
    expect(tree.map((n) => n.id)).toEqual(['c']);
  });
});

describe('breadcrumbsFor', () => {
  it('walks from a product up to the root section', () => {
    const product = {
      id: '12',
      data: { id: 12, zag: 'Phone X', url: '/catalog/phones/12', section: 'phones' },
    };
    expect(breadcrumbsFor(product, entries)).toEqual([
      { id: 'catalog', label: 'CATALOG', url: '/catalog' },
      { id: 'phones', label: 'PHONES', url: '/catalog/phones' },
      { id: '12', label: 'Phone X', url: '/catalog/phones/12' },
    ]);
  });
  it('walks from a section', () => {
    expect(breadcrumbsFor(entries[1]!, entries).map((c) => c.id)).toEqual(['catalog', 'phones']);
    expect(breadcrumbsFor(sections[0]!, sections).map((c) => c.id)).toEqual(['catalog']);
  });
});

describe('imageUrls', () => {
  const img = { id: 7, path: 'images/12', image: 'a.jpg', image_small: 'a_s.jpg', image_big: 'a_b.jpg' };

  it('lists absolute URLs on the origin the products loader stored, with the product title as alt', () => {
    const data = { zag: 'Phone', img: [img], imageOrigin: 'https://1.sites.test' };
    expect(imageUrls({ id: '12', data })).toEqual([
      {
        id: 7,
        src: 'https://1.sites.test/images/12/a.jpg',
        small: 'https://1.sites.test/images/12/a_s.jpg',
        big: 'https://1.sites.test/images/12/a_b.jpg',
        alt: 'Phone',
      },
    ]);
  });

  it('names the image and asks for an origin when the data says none (not from a products loader)', () => {
    {
      expect(() => imageUrls({ zag: 'Phone', img: [img] })).toThrow(SiteContentImageOriginError);
      const error = (() => {
        try {
          imageUrls({ zag: 'Phone', img: [img] });
        } catch (e) {
          return e;
        }
      })();
      expect(isSiteContentAstroError(error, 'image_origin_unknown')).toBe(true);
      expect(error).toMatchObject({ code: 'image_origin_unknown', imageId: 7 });
      expect(() => imageUrls({ zag: 'Phone', img: [img] })).toThrow(/image 7, no origin.*pass \{ origin \}/);
      expect(imageUrls({ zag: 'Phone', img: [] })).toEqual([]);
    }
  });
});

describe('imageUrls with an origin', () => {
  const img = (path: string, file: string) => ({
    id: 1,
    path,
    image: file,
    image_small: file,
    image_big: file,
  });

  it("builds root-relative URLs with origin '' and URLs on another origin (a CDN)", () => {
    const [local] = imageUrls({ zag: 'P', img: [img('/goods/p/', 'a.svg')] }, { origin: '' });
    expect(local?.src).toBe('/goods/p/a.svg');
    const [cdn] = imageUrls({ zag: 'P', img: [img('goods/p', 'a.svg')] }, { origin: 'https://cdn.example/' });
    expect(cdn?.big).toBe('https://cdn.example/goods/p/a.svg');
  });

  it('never turns a file name with leading slashes into a protocol-relative URL', () => {
    for (const path of ['', '/', 'goods']) {
      for (const file of ['/evil.example/a.svg', '//evil.example/a.svg']) {
        const [u] = imageUrls({ img: [img(path, file)] }, { origin: '' });
        expect(u?.src.startsWith('//')).toBe(false);
        expect(u?.src.startsWith('/')).toBe(true);
      }
    }
  });

  it('refuses a path or file that a browser would read as another host, naming the image and field', () => {
    // `/\img.evil.example\/x.svg` is `//img.evil.example/x.svg` to a browser.
    expect(() => imageUrls({ img: [img('/\\img.evil.example\\', 'x.svg')] }, { origin: '' })).toThrow(
      /^imageUrls: image 1, field path \("\/\\\\img\.evil\.example\\\\"\), gives an image URL off the site: must not contain a backslash/,
    );
    expect(() => imageUrls({ img: [img('goods', '\\\\img.evil.example\\x.svg')] }, { origin: '' })).toThrow(
      /image 1, field image .*backslash/,
    );
    expect(() => imageUrls({ img: [img('goods\n', 'x.svg')] }, { origin: 'https://cdn.example' })).toThrow(
      /field path .*control characters/,
    );
  });
});

describe('seoAt', () => {
  const seo = (canonical: string) => ({ title: 'Phone', canonical });

  it("makes the page's own URL the canonical, ending as the entry's canonical ends", () => {
    expect(
      seoAt(seo('https://shop.example/catalog/phones/1/'), new URL('https://shop.example/products/1')),
    ).toEqual(seo('https://shop.example/products/1/'));
    expect(seoAt(seo('https://shop.example/catalog/phones/1'), 'http://localhost:4321/products/1/')).toEqual(
      seo('https://shop.example/products/1'),
    );
    // The file build formats name the page's file; its URL is without `.html`.
    expect(
      seoAt(seo('https://shop.example/catalog/phones/1'), 'https://shop.example/products/1.html').canonical,
    ).toBe('https://shop.example/products/1');
    expect(seoAt(seo('https://shop.example/a/'), 'https://shop.example/').canonical).toBe(
      'https://shop.example/',
    );
  });

  it('never moves the canonical to another host', () => {
    for (const page of ['https://evil.example/x/', '//evil.example/x/', '/\\evil.example/x/']) {
      expect(new URL(seoAt(seo('https://shop.example/catalog/'), page).canonical).host).toBe('shop.example');
    }
  });
});
