// sitemapFacts(): each sitemap URL gets the lastmod and photos of the entry at its path, from the
// entries the build recorded (kept by the integration at astro:build:done).
import { describe, expect, it } from 'vitest';
import { sitemapFacts } from '../src/build-time/sitemap-facts/sitemap-facts.js';
import { BuildRecord } from '../src/project/build-record.js';
import { keepPageFacts } from '../src/project/open-projects.js';
import { collectPageFacts } from '../src/project/page-facts.js';

const SITE = 'https://shop.example';

const photo = (file: string) => ({
  id: 1,
  path: '/img/goods',
  image: file,
  image_small: `s-${file}`,
  image_big: `b-${file}`,
  extra: {},
});

function keep(collections: Record<string, { kind: string; data: Record<string, unknown>[] }>): void {
  const record = new BuildRecord();
  for (const [name, { kind, data }] of Object.entries(collections)) {
    const entries = data.map((d, i) => ({ id: String(i), collection: name, data: d }));
    record.record(name, { kind, entries });
  }
  keepPageFacts(collectPageFacts((kind) => record.loadedEntries(kind)));
}

describe('sitemapFacts', () => {
  const serialize = sitemapFacts();
  keep({
    products: {
      kind: 'products',
      data: [
        {
          id: 1,
          cattx: 'phones',
          url: '/catalog/phones/1',
          shw: true,
          zag: 'Phone',
          dt: new Date('2025-01-01T00:00:00Z'),
          changedAt: new Date('2026-03-04T05:06:07Z'),
          img: [photo('a.jpg'), photo('b.jpg')],
          imageOrigin: SITE,
        },
        {
          id: 2,
          cattx: 'phones',
          url: '/catalog/phones/2',
          shw: true,
          zag: 'Old',
          dt: new Date('2025-02-01T00:00:00Z'),
          img: [],
        },
        {
          id: 3,
          cattx: 'phones',
          url: '/catalog/phones/3',
          shw: false,
          zag: 'Hidden',
          dt: new Date('2027-01-01T00:00:00Z'),
          img: [],
        },
      ],
    },
    pages: {
      kind: 'sections',
      data: [
        { id: 2, tx: 'phones', par: 'catalog', rlv: 0, url: '/catalog/phones/', shw: true },
        {
          id: 1,
          tx: 'catalog',
          par: '',
          rlv: 0,
          url: '/catalog',
          shw: true,
          changedAt: new Date('2025-06-01T00:00:00Z'),
        },
        { id: 3, tx: 'about', par: '', rlv: 0, url: '/about-us', shw: true },
      ],
    },
    mods: {
      kind: 'modifications',
      data: [{ goods_id: 2, shw: true, changedAt: new Date('2025-05-01T00:00:00Z') }],
    },
  });

  it('gives a product page its time with its modifications, and its photos', () => {
    expect(serialize({ url: `${SITE}/catalog/phones/1/` })).toEqual({
      url: `${SITE}/catalog/phones/1/`,
      lastmod: '2026-03-04T05:06:07.000Z',
      img: [{ url: `${SITE}/img/goods/a.jpg` }, { url: `${SITE}/img/goods/b.jpg` }],
    });
    expect(serialize({ url: `${SITE}/catalog/phones/2` })).toEqual({
      url: `${SITE}/catalog/phones/2`,
      lastmod: '2025-05-01T00:00:00.000Z',
    });
  });

  it('gives every page of a listing the time of what it lists, whatever the trailing slash', () => {
    expect(serialize({ url: `${SITE}/catalog/phones` }).lastmod).toBe('2026-03-04T05:06:07.000Z');
    expect(serialize({ url: `${SITE}/catalog/page/2/` })).toEqual({
      url: `${SITE}/catalog/page/2/`,
      lastmod: '2026-03-04T05:06:07.000Z',
    });
    // Nothing it shows knows its time: no lastmod, rather than the build's.
    expect(serialize({ url: `${SITE}/about-us/` })).toEqual({ url: `${SITE}/about-us/` });
  });

  it('gives the site root the newest lastmod of the visible pages', () => {
    expect(serialize({ url: `${SITE}/` }).lastmod).toBe('2026-03-04T05:06:07.000Z');
  });

  it('leaves URLs of no entry, and of hidden entries, unchanged', () => {
    expect(serialize({ url: `${SITE}/about/`, lastmod: 'x' })).toEqual({
      url: `${SITE}/about/`,
      lastmod: 'x',
    });
    expect(serialize({ url: `${SITE}/catalog/phones/3/` })).toEqual({ url: `${SITE}/catalog/phones/3/` });
  });

  it("builds photo URLs on the page's origin with imageOrigin ''", () => {
    const local = sitemapFacts({ imageOrigin: '' });
    expect(local({ url: `${SITE}/catalog/phones/1/` }).img).toEqual([
      { url: `${SITE}/img/goods/a.jpg` },
      { url: `${SITE}/img/goods/b.jpg` },
    ]);
    expect(
      sitemapFacts({ imageOrigin: 'https://cdn.example' })({ url: `${SITE}/catalog/phones/1/` }).img?.[0],
    ).toEqual({
      url: 'https://cdn.example/img/goods/a.jpg',
    });
  });
});
