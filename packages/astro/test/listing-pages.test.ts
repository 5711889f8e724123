import type { PaginateFunction } from 'astro';
import { describe, expect, it } from 'vitest';
// Astro's own paginate(), as a `[...section]/[...page].astro` route's getStaticPaths receives it.
import { generatePaginateFunction } from '../../../node_modules/astro/dist/core/render/paginate.js';
import { getParts } from '../../../node_modules/astro/dist/core/routing/parts.js';
import { listingOfPageUrl } from '../src/helpers/listing-pages.js';
import { LISTING_PAGE_SIZE, listingPages, listingPageUrl, sectionListing } from '../src/index.js';

const route = '[...section]/[...page].astro';
const routeMatch = {
  segments: ['[...section]', '[...page]'].map((segment) => getParts(segment, route)),
  params: ['...section', '...page'],
};
// The two fields of Astro's RouteData that paginate() reads.
type RouteData = Parameters<typeof generatePaginateFunction>[0];
const paginate = generatePaginateFunction(
  routeMatch as RouteData,
  '',
  'ignore',
) as unknown as PaginateFunction;

const section = (id: number, tx: string, par: string, rlv = 0, shw = true) => ({
  id,
  tx,
  par,
  zag: tx,
  url: par ? `/catalog/${tx}/` : `/${tx}/`,
  rlv,
  shw,
});
const sections = [
  section(1, 'catalog', ''),
  section(2, 'phones', 'catalog', 1),
  section(3, 'laptops', 'catalog', 9),
  section(4, 'hidden', 'catalog', 5, false),
  section(5, 'blog', ''),
];
const product = (id: number, cattx: string, shw = true) => ({ id, cattx, shw });

describe('sectionListing', () => {
  it("lists the shown products of the section's shown subtree by section (rlv, id), then by id", () => {
    const products = [
      product(9, 'phones'),
      product(3, 'phones'),
      product(7, 'laptops'),
      product(1, 'catalog'),
      product(2, 'hidden'),
      product(4, 'phones', false),
      product(5, 'blog'),
    ];
    const entries = products.map((data) => ({ id: String(data.id), data }));
    expect(sectionListing(sections[0]!, { sections, products }).map((p) => p.id)).toEqual([1, 7, 3, 9]);
    expect(sectionListing(sections[1]!, { sections, products }).map((p) => p.id)).toEqual([3, 9]);
    const listed = sectionListing({ id: 'catalog', data: sections[0]! }, { sections, products: entries });
    expect(listed.map((p) => p.id)).toEqual(['1', '7', '3', '9']);
    // The service's answer order does not move a product.
    const reversed = sectionListing(sections[0]!, { sections, products: [...products].reverse() });
    expect(reversed.map((p) => p.id)).toEqual([1, 7, 3, 9]);
  });
});

describe('listingPageUrl', () => {
  it('keeps page 1 at the listing URL and puts page n under page/n, in the same style', () => {
    expect(listingPageUrl('/catalog/', 1)).toBe('/catalog/');
    expect(listingPageUrl('/catalog/', 3)).toBe('/catalog/page/3/');
    expect(listingPageUrl('/catalog/phones', 2)).toBe('/catalog/phones/page/2');
    expect(listingOfPageUrl('/catalog/page/3/')).toBe('/catalog/');
    expect(listingOfPageUrl('/catalog/phones/page/2')).toBe('/catalog/phones');
    expect(listingOfPageUrl('/catalog/phones/2')).toBeUndefined();
    expect(listingOfPageUrl('/catalog/page/0/')).toBeUndefined();
  });
});

describe('listingPages', () => {
  const products = Array.from({ length: 50 }, (_, i) => product(i + 1, 'phones'));

  it("pages Astro's paginate() in LISTING_PAGE_SIZE steps, page 1 at the section's URL", () => {
    const paths = listingPages(paginate, products, {
      url: '/catalog/phones/',
      params: { section: 'catalog/phones' },
      props: { tx: 'phones' },
    });
    expect(paths).toHaveLength(Math.ceil(50 / LISTING_PAGE_SIZE));
    expect(paths.map((p) => p.params)).toEqual([
      { section: 'catalog/phones', page: undefined },
      { section: 'catalog/phones', page: 'page/2' },
      { section: 'catalog/phones', page: 'page/3' },
    ]);
    const [first, second, last] = paths.map((p) => p.props.page);
    expect(paths[1]!.props.tx).toBe('phones');
    expect(first!.data.map((p) => p.id)).toEqual(products.slice(0, LISTING_PAGE_SIZE).map((p) => p.id));
    expect(second!.start).toBe(LISTING_PAGE_SIZE);
    expect(last!.data).toHaveLength(50 - 2 * LISTING_PAGE_SIZE);
    expect(first!.url).toEqual({
      current: '/catalog/phones/',
      prev: undefined,
      next: '/catalog/phones/page/2/',
      first: undefined,
      last: '/catalog/phones/page/3/',
    });
    expect(second!.url).toEqual({
      current: '/catalog/phones/page/2/',
      prev: '/catalog/phones/',
      next: '/catalog/phones/page/3/',
      first: '/catalog/phones/',
      last: '/catalog/phones/page/3/',
    });
  });

  it('gives an empty listing its one page, and names the listing when the page size is wrong', () => {
    const paths = listingPages(paginate, [], { url: '/blog', params: { section: 'blog' }, pageSize: 10 });
    expect(paths.map((p) => [p.params.page, p.props.page.url.current])).toEqual([[undefined, '/blog']]);
    expect(() => listingPages(paginate, products, { url: '/blog', params: {}, pageSize: 0 })).toThrow(
      /Invalid listingPages\(\) options: pageSize: /,
    );
    expect(() => listingPages(paginate, products, { url: 'blog', params: {} })).toThrow(/url: /);
  });
});
