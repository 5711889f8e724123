/**
 * The JSON-LD of a shop's other pages, from entries as the loaders store them: where a page sits
 * (breadcrumbs), what it lists, an article, when a page last changed, and the site itself.
 */
import { describe, expect, it } from 'vitest';
import { structuredData } from '../src/index.js';
import { json, SHOP_SITE, shopEntries } from './helpers/index.js';
import { richResultErrors } from './helpers/rich-results.js';

describe('structured data of sections, articles and the site, from the loaders’ entries', () => {
  const shop = shopEntries();
  const jsonLd = structuredData({ site: SHOP_SITE, currency: 'EUR' });

  it('a section page: the BreadcrumbList from Home down to it and the ItemList of its products', async () => {
    const phones = shop.sections.find((s) => s.id === 'phones')!;
    const crumbs = jsonLd.breadcrumbs(phones, 'sections', shop.sections);
    expect(crumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SHOP_SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Catalog', item: `${SHOP_SITE}/catalog/` },
        { '@type': 'ListItem', position: 3, name: 'Phones', item: `${SHOP_SITE}/catalog/phones/` },
      ],
    });
    const listed = shop.products.filter((p) => p.data.cattx === 'phones').slice(0, 3);
    const list = jsonLd.productList(listed);
    expect(list.numberOfItems).toBe(3);
    expect(list.itemListElement).toEqual(
      listed.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: p.data.zag,
        url: `${SHOP_SITE}${p.data.url}`,
      })),
    );
    expect(await richResultErrors([crumbs, list])).toEqual([]);
  });

  it('page n of a listing: its own ItemList, numbered from its place in the whole listing, at its own URL', () => {
    const phones = shop.sections.find((s) => s.id === 'phones')!;
    const listed = shop.products.filter((p) => p.data.cattx === 'phones').slice(0, 2);
    const list = jsonLd.productList(listed, { position: 25 });
    expect(list.numberOfItems).toBe(2);
    expect(json(list).itemListElement.map((i: { position: number }) => i.position)).toEqual([25, 26]);
    expect(() => jsonLd.productList(listed, { position: 0 })).toThrow(/productList: position .* got 0/);
    const page = jsonLd.webPage(phones, 'sections', 'CollectionPage', listed, {
      url: '/catalog/phones/page/2/',
    });
    expect(page.url).toBe(`${SHOP_SITE}/catalog/phones/page/2/`);
    // The page's change time as pageChangeTimes() gives it (what the sitemap states), or none.
    const changedAt = new Date('2026-05-06T00:00:00Z');
    expect(jsonLd.webPage(phones, 'sections', 'CollectionPage', listed, { changedAt }).dateModified).toBe(
      changedAt.toISOString(),
    );
    expect(
      jsonLd.webPage(phones, 'sections', 'CollectionPage', listed, { changedAt: undefined }),
    ).not.toHaveProperty('dateModified');
  });

  it('a product’s breadcrumbs end at the product', () => {
    const crumbs = jsonLd.breadcrumbs(shop.product(1), 'products', shop.sections);
    const items = json(crumbs).itemListElement;
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Home', 'Catalog', 'Phones', 'Aurora X1']);
    expect(items.at(-1)!.item).toBe(`${SHOP_SITE}/catalog/phones/1/`);
  });

  it('an article: headline, dates, image from its meta, type from its meta module', async () => {
    const article = shop.articles.find((a) => a.data.dt !== undefined && a.data.section?.id === 'blog')!;
    const changedAt = new Date('2026-03-04T05:06:07.000Z');
    const node = json(jsonLd.article({ ...article.data, changedAt }, shop.sections));
    expect(node).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.data.zag,
      url: `${SHOP_SITE}${article.data.url}`,
      datePublished: article.data.dt!.toISOString(),
      dateModified: '2026-03-04T05:06:07.000Z',
    });
    const image = article.data.seo?.ogImage;
    expect(node.image ?? null).toEqual(image ? [`${SHOP_SITE}${image}`] : null);
    const news = shop.articles.find((a) => a.data.section?.id === 'news')!;
    expect(jsonLd.article(news, shop.sections)['@type']).toBe('NewsArticle');
    // An article whose section is unknown is in the `article` module.
    expect(jsonLd.article(news, [])['@type']).toBe('Article');
    // The image the page shares, when given, is the article's image: a raster file the page made.
    expect(jsonLd.article(news, shop.sections, '/_astro/news.jpg').image).toEqual([
      `${SHOP_SITE}/_astro/news.jpg`,
    ]);
    // A list of a blog's articles names them as articles.
    const blogList = jsonLd.productList([article], { collection: 'articles' });
    expect(blogList.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: article.data.zag, url: `${SHOP_SITE}${article.data.url}` },
    ]);
    const fixed = structuredData({ site: SHOP_SITE, currency: 'EUR', articleType: 'Article' });
    expect(fixed.article(article, shop.sections)['@type']).toBe('Article');
    // As loaded: an article first seen changed when it was dated, and stores that date once, as `dt`.
    expect(article.data).not.toHaveProperty('changedAt');
    expect(jsonLd.article(article, shop.sections)).toHaveProperty(
      'dateModified',
      article.data.dt!.toISOString(),
    );
    expect(node).not.toHaveProperty('author');
  });

  it('an article’s author and publisher are the shop, by the organization option', () => {
    const withShop = structuredData({
      site: SHOP_SITE,
      currency: 'EUR',
      organization: { name: 'Lumen & Oak', logo: '/logo.svg' },
    });
    const node = json(withShop.article(shop.articles[0]!, shop.sections));
    const shopNode = {
      '@type': 'Organization',
      name: 'Lumen & Oak',
      url: `${SHOP_SITE}/`,
      logo: `${SHOP_SITE}/logo.svg`,
    };
    expect(node.author).toEqual(shopNode);
    expect(node.publisher).toEqual(shopNode);
  });

  it('the page states dateModified: the latest change of its entry and of what it lists', () => {
    const aurora = shop.product(1);
    const [first, second] = shop.modsOf(aurora);
    const { changedAt: _undated, ...secondUndated } = second!.data;
    const page = jsonLd.webPage(
      { ...aurora.data, changedAt: new Date('2026-01-01T00:00:00Z') },
      'products',
      'ItemPage',
      [{ ...first!.data, changedAt: new Date('2026-02-01T00:00:00Z') }, secondUndated],
    );
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemPage',
      url: `${SHOP_SITE}/catalog/phones/1/`,
      name: aurora.data.seo?.title,
      description: aurora.data.seo?.description,
      dateModified: '2026-02-01T00:00:00.000Z',
    });
    // As loaded: a product first seen changed when it was added (`dt`).
    expect(jsonLd.webPage(aurora, 'products', 'ItemPage')).toHaveProperty(
      'dateModified',
      aurora.data.dt.toISOString(),
    );
  });

  it('the site: Organization and WebSite on the site origin', () => {
    const facts = { name: 'Lumen & Oak', logo: '/logo.svg', sameAs: ['https://social.example/lumen'] };
    expect(jsonLd.organization(facts)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Lumen & Oak',
      url: `${SHOP_SITE}/`,
      logo: `${SHOP_SITE}/logo.svg`,
      sameAs: ['https://social.example/lumen'],
    });
    expect(jsonLd.website({ name: 'Lumen & Oak' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Lumen & Oak',
      url: `${SHOP_SITE}/`,
    });
  });
});
