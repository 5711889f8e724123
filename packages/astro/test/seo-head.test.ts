/**
 * `<SeoHead>`: the head fields it derives (unit), and a real Astro build of product pages from the
 * emulator whose HTML carries the head and JSON-LD, with a hostile product title kept as text.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoHeadFields } from '../src/index.js';
import {
  buildFixture,
  createFixture,
  type Emulator,
  emulator,
  type Fixture,
  settleAstroWrites,
} from './helpers/index.js';
import { richResultErrors } from './helpers/rich-results.js';

const HOSTILE = '</script><script>alert(1)</script>';
const SITE = new URL('https://shop.example');

describe('seoHeadFields', () => {
  const seo = {
    title: 'Aurora X1',
    description: 'A calm phone.',
    keywords: 'phone',
    ogImage: 'https://shop.example/a.svg',
  };

  it('derives canonical, og:url, OpenGraph and Twitter fields from seo and url', () => {
    const head = seoHeadFields(
      { seo, url: '/catalog/phones/1', type: 'product', siteName: 'Lumen & Oak' },
      SITE,
    );
    expect(head.title).toBe('Aurora X1');
    expect(head.canonical).toBe('https://shop.example/catalog/phones/1');
    expect(Object.fromEntries(head.meta.map((m) => [`${m.key}:${m.id}`, m.content]))).toEqual({
      'name:description': 'A calm phone.',
      'name:keywords': 'phone',
      'property:og:site_name': 'Lumen & Oak',
      'property:og:type': 'product',
      'property:og:title': 'Aurora X1',
      'property:og:description': 'A calm phone.',
      'property:og:url': 'https://shop.example/catalog/phones/1',
      'property:og:image': 'https://shop.example/a.svg',
      'name:twitter:card': 'summary_large_image',
      'name:twitter:title': 'Aurora X1',
      'name:twitter:description': 'A calm phone.',
      'name:twitter:image': 'https://shop.example/a.svg',
    });
  });

  it('states a share image with its size and type, on the site when root-relative', () => {
    const image = {
      src: '/_astro/photo.a1b2.jpg',
      width: 1200,
      height: 900,
      type: 'image/jpeg',
      alt: 'Aurora X1',
    };
    const head = seoHeadFields({ seo: { ...seo, ogImage: image }, url: '/catalog/phones/1' }, SITE);
    const meta = Object.fromEntries(head.meta.map((m) => [`${m.key}:${m.id}`, m.content]));
    expect(meta).toMatchObject({
      'property:og:image': 'https://shop.example/_astro/photo.a1b2.jpg',
      'property:og:image:width': '1200',
      'property:og:image:height': '900',
      'property:og:image:type': 'image/jpeg',
      'property:og:image:alt': 'Aurora X1',
      'name:twitter:card': 'summary_large_image',
      'name:twitter:image': 'https://shop.example/_astro/photo.a1b2.jpg',
      'name:twitter:image:alt': 'Aurora X1',
    });
    // A plain URL states no size.
    const plain = seoHeadFields({ seo, url: '/catalog/phones/1' }, SITE).meta.map((m) => m.id);
    expect(plain).not.toContain('og:image:width');
  });

  it("derives an entry's fields with pageSeo, the service's meta over the fallbacks; given fields win", () => {
    const entry = {
      id: '1',
      data: {
        zag: 'Aurora X1',
        stxt: '<p>A calm phone.</p>',
        url: '/catalog/phones/1/',
        seo: { keywords: 'phone' },
      },
      rendered: { html: '<p>Body</p>' },
    };
    const head = seoHeadFields({ entry }, SITE);
    expect(head.title).toBe('Aurora X1');
    expect(head.canonical).toBe('https://shop.example/catalog/phones/1/');
    const meta = Object.fromEntries(head.meta.map((m) => [`${m.key}:${m.id}`, m.content]));
    expect(meta).toMatchObject({
      'name:description': 'A calm phone.',
      'name:keywords': 'phone',
      'property:og:url': 'https://shop.example/catalog/phones/1/',
      'name:twitter:card': 'summary',
    });
    expect(seoHeadFields({ entry, seo: { title: 'Own title' } }, SITE).title).toBe('Own title');
    expect(() => seoHeadFields({ entry }, undefined)).toThrow(
      "SeoHead: an entry's page needs Astro's `site`",
    );
    expect(() => seoHeadFields({ seo: { title: 'No description' } }, SITE)).toThrow(
      'SeoHead: pass an entry, or seo with a title and a description',
    );
  });

  it('uses the stored OpenGraph description and canonical when given, and marks noindex pages', () => {
    const head = seoHeadFields(
      {
        seo: {
          title: 'Not found',
          description: 'Gone.',
          ogDescription: 'OG text',
          canonical: 'https://shop.example/x',
        },
        noindex: true,
      },
      undefined,
    );
    const meta = Object.fromEntries(head.meta.map((m) => [m.id, m.content]));
    expect(head.canonical).toBe('https://shop.example/x');
    expect(meta).toMatchObject({
      robots: 'noindex',
      'og:description': 'OG text',
      'twitter:card': 'summary',
      'og:type': 'website',
    });
    expect(meta).not.toHaveProperty('keywords');
    expect(meta).not.toHaveProperty('og:image');
  });

  it('refuses a url that leaves the site, so no canonical names another host', () => {
    expect(() => seoHeadFields({ seo, url: '//evil.example/x' }, SITE)).toThrow(
      'SeoHead: url "//evil.example/x" is not a path on https://shop.example',
    );
  });

  it('writes each JSON-LD node as script text that a hostile name cannot leave', () => {
    const head = seoHeadFields(
      { seo, jsonLd: [{ '@type': 'Thing', name: HOSTILE }, { '@type': 'Thing' }] },
      SITE,
    );
    expect(head.jsonLd).toHaveLength(2);
    expect(head.jsonLd[0]).not.toContain('<');
    expect(JSON.parse(head.jsonLd[0]!).name).toBe(HOSTILE);
  });
});

const PAGE = `---
import { getCollection } from 'astro:content';
import { structuredData } from '@sitecontent/astro';
import SeoHead from '@sitecontent/astro/components/SeoHead.astro';
export async function getStaticPaths() {
  const products = await getCollection('products');
  return products.map((entry) => ({ params: { id: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const modifications = await getCollection('modifications', (m) => m.data.product.id === entry.id);
const sections = await getCollection('sections');
const jsonLd = structuredData({
  site: Astro.site!,
  currency: 'EUR',
  variantProperties: (modification) => {
    const [color, size] = modification.stxt.split(', ');
    return { color, size };
  },
});
---
<html><head><SeoHead
  entry={entry}
  type="product"
  siteName="Lumen & Oak"
  jsonLd={[jsonLd.product(entry, modifications), jsonLd.breadcrumbs(entry, 'products', sections)]}
/></head><body><h1>{entry.data.zag}</h1></body></html>
`;

describe('<SeoHead> in a built page', () => {
  let emu: Emulator;
  let fx: Fixture;
  let html: string;

  beforeAll(async () => {
    emu = await emulator();
    // Entities decode to the text of a closing script tag: the record's title, as a reader sees it.
    emu.exec(`UPDATE products SET zag = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;' WHERE id = 1`);
    emu.exec(`DELETE FROM meta WHERE md = 'goods' AND id = 1`);
    fx = createFixture({
      'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({ cacheDir: './.cache', integrations: [siteContent()] });
`,
      'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { modificationsLoader, productsLoader, sectionsLoader } from '@sitecontent/astro';
export const collections = {
  products: defineCollection({ loader: productsLoader({ seo: true }) }),
  sections: defineCollection({ loader: sectionsLoader() }),
  modifications: defineCollection({ loader: modificationsLoader() }),
};
`,
      'src/pages/products/[id].astro': PAGE,
      '.env': `SITECONTENT_API_KEY=${emu.key}\nSITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_SID=${emu.sid}\n`,
    });
    const { error, output } = await buildFixture(fx);
    expect(error, output).toBeUndefined();
    html = fx.read('dist/products/1/index.html');
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
    await settleAstroWrites();
    fx?.remove();
  });

  it('renders title, canonical, OpenGraph and Twitter tags from the entry, service text as text', () => {
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    // Inside a quoted attribute, < and > are text; the quote is what Astro escapes.
    expect(html).toContain('<meta property="og:title" content="</script><script>alert(1)</script>">');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/catalog/phones/1/">');
    expect(html).toContain('<meta property="og:url" content="https://shop.example/catalog/phones/1/">');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:site_name" content="Lumen &amp; Oak">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(
      '<meta name="twitter:image" content="https://shop.example/img/goods/aurora-x1/photo-1-big.svg">',
    );
  });

  it('keeps the hostile title inside its JSON-LD: two scripts, both parse, Google’s rules pass', async () => {
    // The document as a browser parses it: every script element, wherever its text came from.
    const scripts = DomUtils.getElementsByTagName('script', parseDocument(html));
    expect(scripts.map((script) => script.attribs)).toEqual([
      { type: 'application/ld+json' },
      { type: 'application/ld+json' },
    ]);
    const nodes = scripts.map(
      (script) => JSON.parse(DomUtils.textContent(script)) as { '@type': string; name?: string },
    );
    expect(nodes.map((n) => n['@type'])).toEqual(['ProductGroup', 'BreadcrumbList']);
    expect(nodes[0]!.name).toBe(HOSTILE);
    expect(await richResultErrors(nodes)).toEqual([]);
  });
});
