/**
 * pageChangeTimes(): when each page of a shop last changed, from what it shows — the one rule behind
 * the sitemap's <lastmod> and the pages' JSON-LD dateModified.
 */
import { describe, expect, it } from 'vitest';
import { pageChangeTimes } from '../src/index.js';

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const section = (id: number, tx: string, par: string, changedAt?: Date, shw = true) => ({
  id,
  tx,
  par,
  zag: tx,
  url: par ? `/catalog/${tx}/` : `/${tx}/`,
  rlv: 0,
  shw,
  ...(changedAt ? { changedAt } : {}),
});
const product = (id: number, cattx: string, dt: Date, shw = true) => ({
  id,
  cattx,
  dt,
  shw,
  url: `/catalog/${cattx}/${id}/`,
});

describe('pageChangeTimes', () => {
  const sections = [
    section(1, 'catalog', ''),
    section(2, 'phones', 'catalog'),
    section(3, 'laptops', 'catalog', at('2025-03-01')),
    section(4, 'hidden', 'catalog', undefined, false),
    section(5, 'about', ''),
    section(6, 'blog', ''),
  ];
  const products = [
    product(10, 'phones', at('2025-01-01')),
    product(11, 'laptops', at('2025-01-02')),
    product(12, 'hidden', at('2027-01-01')),
    product(13, 'phones', at('2027-02-01'), false),
  ];
  const modifications = [
    { goods_id: 10, shw: true, changedAt: at('2025-06-01') },
    { goods_id: 11, shw: false, changedAt: at('2027-03-01') },
  ];
  const articles = [{ catid: 6, url: '/blog/7/', shw: true, dt: at('2025-04-01') }];
  const times = pageChangeTimes({ sections, products, modifications, articles });
  const iso = (url: string) => times.at(url)?.toISOString().slice(0, 10);

  it('dates a product page by the product and its shown modifications (a price change moves it)', () => {
    expect(iso('/catalog/phones/10/')).toBe('2025-06-01');
    expect(iso('/catalog/laptops/11')).toBe('2025-01-02');
  });

  it('dates every page of a listing by the section, its shown subsections, articles and listed products', () => {
    expect(iso('/catalog/phones/')).toBe('2025-06-01');
    expect(iso('/catalog/phones/page/3/')).toBe('2025-06-01');
    expect(iso('/catalog/laptops/')).toBe('2025-03-01');
    // The catalog lists phones and laptops (not the hidden section's product) and shows laptops' card.
    expect(iso('/catalog/')).toBe('2025-06-01');
    expect(iso('/blog')).toBe('2025-04-01');
    expect(iso('/blog/7')).toBe('2025-04-01');
  });

  it('gives a page none of whose records knows its time no time, never the build’s', () => {
    expect(times.at('/about/')).toBeUndefined();
    expect(times.at('/catalog/phones/13/')).toBeUndefined();
    expect(times.at('/nowhere/')).toBeUndefined();
  });

  it('dates the home page by the newest page the shop shows', () => {
    expect(iso('/')).toBe('2025-06-01');
    const later = pageChangeTimes({
      sections,
      products,
      modifications: [...modifications, { goods_id: 11, shw: true, changedAt: at('2026-01-01') }],
      articles,
    });
    expect(later.at('/')?.toISOString().slice(0, 10)).toBe('2026-01-01');
    expect(later.at('/catalog/')?.toISOString().slice(0, 10)).toBe('2026-01-01');
    expect(later.at('/catalog/phones/')?.toISOString().slice(0, 10)).toBe('2025-06-01');
  });

  it('takes entries as getCollection() gives them', () => {
    const entries = pageChangeTimes({
      sections: sections.map((data) => ({ id: data.tx, data })),
      products: products.map((data) => ({ id: String(data.id), data })),
      modifications: modifications.map((data, i) => ({ id: String(i), data })),
    });
    expect(entries.at('/catalog/phones/10/')).toEqual(times.at('/catalog/phones/10/'));
  });
});
