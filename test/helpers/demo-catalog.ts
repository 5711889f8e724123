// The demo catalog as the storefront must show it, read over HTTP with the client from an emulator
// seeded like the build's embedded one (the demo seed is deterministic): the storefront suites check
// its pages against what the service holds, not against counts written into a test.

import { LISTING_PAGE_SIZE, listingPageUrl, sectionListing } from '@sitecontent/astro';
import {
  type Article,
  createClient,
  type Modification,
  type Product,
  type Section,
} from '@sitecontent/client';
import { articleMetaModule, indexModuleSections } from '@sitecontent/client/internal';
import { trimSlash } from './storefront.js';

/** The demo catalog as the storefront must show it. */
export interface DemoData {
  origin: string;
  sections: Section[];
  products: Product[];
  articles: Article[];
  modifications: Map<number, Modification[]>;
  /** URL path → what the page shows; `page` for page n ≥ 2 of a section's listing. */
  expected: Map<string, { kind: 'section' | 'product' | 'article'; id: number; zag: string; page?: number }>;
  /** Section URL path → the products of each page of its listing (the storefront's page size). */
  listings: Map<string, Product[][]>;
}

/** The visible sections, products (with their modifications) and articles, and each one's page. */
export async function readDemo(connection: {
  baseUrl: string;
  apiKey: string;
  sid: number;
}): Promise<DemoData> {
  const client = createClient(connection);
  try {
    const [sections, products, articles, domain] = await Promise.all([
      client.sections.list(),
      client.products.list(),
      client.articles.list(),
      client.site.defaultDomain(),
    ]);
    const visibleSections = sections.filter((s) => s.shw);
    const visibleProducts = products.filter((p) => p.shw);
    const visibleArticles = articles.filter((a) => a.shw);
    const modifications = new Map<number, Modification[]>();
    for (const p of visibleProducts) {
      modifications.set(
        p.id,
        (await client.modifications.list({ goodsId: p.id })).filter((m) => m.shw),
      );
    }
    const sectionUrl = new Map(sections.map((s) => [s.tx, s.url]));
    const expected: DemoData['expected'] = new Map();
    for (const s of visibleSections)
      expected.set(trimSlash(s.url), { kind: 'section', id: s.id, zag: s.zag });
    // The storefront pages every section's listing with the package's order and default page size.
    const listings: DemoData['listings'] = new Map();
    for (const s of visibleSections) {
      const listed = sectionListing(s, { sections: visibleSections, products: visibleProducts });
      const pages = Array.from(
        { length: Math.max(1, Math.ceil(listed.length / LISTING_PAGE_SIZE)) },
        (_, i) => listed.slice(i * LISTING_PAGE_SIZE, (i + 1) * LISTING_PAGE_SIZE),
      );
      listings.set(trimSlash(s.url), pages);
      for (let n = 2; n <= pages.length; n++) {
        expected.set(trimSlash(listingPageUrl(s.url, n)), { kind: 'section', id: s.id, zag: s.zag, page: n });
      }
    }
    for (const a of visibleArticles)
      expected.set(trimSlash(a.url), { kind: 'article', id: a.id, zag: a.zag });
    for (const p of visibleProducts) {
      // The products loader's default page URL: the section's url + '/' + id.
      expected.set(`${trimSlash(sectionUrl.get(p.cattx) ?? '')}/${p.id}`, {
        kind: 'product',
        id: p.id,
        zag: p.zag,
      });
    }
    return {
      origin: `https://${domain}`,
      sections: visibleSections,
      products: visibleProducts,
      articles: visibleArticles,
      modifications,
      expected,
      listings,
    };
  } finally {
    await client.close();
  }
}

/** The meta module (`md`) of an article, by the one rule the loaders and `meta pull` share. */
export function articleModule(demo: DemoData, articleId: number): string {
  const article = demo.articles.find((a) => a.id === articleId);
  return articleMetaModule({ catid: article?.catid ?? 0 }, indexModuleSections(demo.sections));
}
