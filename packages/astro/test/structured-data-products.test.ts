/**
 * A product page's JSON-LD from entries as the loaders store them: a ProductGroup of variants or a
 * single Product with its offer, as Google's rich-result rules accept them, and the options and
 * records that make the builders fail rather than state something false.
 */
import { describe, expect, it } from 'vitest';
import { isSiteContentAstroError, structuredData } from '../src/index.js';
import { json, SHOP_SITE, shopEntries } from './helpers/index.js';
import { richResultErrors } from './helpers/rich-results.js';

interface Variant {
  sku: string;
  color?: string;
  size?: string;
  offers: { price: number; availability: string };
}

/** A shop's mapping as the storefront writes it: `Midnight, 256 GB` → colour Midnight, size 256 GB. */
const colourThenSize = (modification: { stxt: string }) => {
  const [color, size] = modification.stxt.split(', ');
  return { color, size };
};

describe('structured data of a product page, from the loaders’ entries', () => {
  const shop = shopEntries();
  const jsonLd = structuredData({ site: SHOP_SITE, currency: 'EUR', variantProperties: colourThenSize });

  it('a product with modifications is a ProductGroup with one variant Product per modification', async () => {
    const aurora = shop.product(1);
    const group = json(jsonLd.product(aurora, shop.modsOf(aurora)));
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Aurora X1',
      productGroupID: '1',
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
      url: `${SHOP_SITE}/catalog/phones/1/`,
      brand: { '@type': 'Brand', name: 'Aurora Mobile' },
      description: aurora.data.seo?.description,
      image: [
        'https://shop.example/img/goods/aurora-x1/photo-1-big.svg',
        'https://shop.example/img/goods/aurora-x1/photo-2-big.svg',
      ],
    });
    const variants = group.hasVariant;
    expect(variants.map((v: Variant) => [v.sku, v.color, v.size, v.offers.price])).toEqual([
      ['AUR-X1-128-BLK', 'Midnight', '128 GB', 699],
      ['AUR-X1-128-BLU', 'Harbour blue', '128 GB', 699],
      ['AUR-X1-256-BLK', 'Midnight', '256 GB', 799],
    ]);
    expect(variants[0]).toMatchObject({
      '@type': 'Product',
      name: 'Aurora X1 — Midnight, 128 GB',
      offers: {
        '@type': 'Offer',
        // Each variant at its own URL: the product's page naming it.
        url: `${SHOP_SITE}/catalog/phones/1/?variant=${shop.modsOf(aurora)[0]!.data.id}`,
        price: 699,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/ListPrice',
          price: 749,
          priceCurrency: 'EUR',
        },
      },
    });
    expect(new Set(variants.map((v: { offers: { url: string } }) => v.offers.url)).size).toBe(
      variants.length,
    );
    // No old price (price_old 0): no list price.
    expect(variants[1]!.offers).not.toHaveProperty('priceSpecification');
    expect(await richResultErrors([group])).toEqual([]);
  });

  it('variesBy is what the variants differ in: colour alone when they share every other fact', () => {
    const harbor = shop.products.find((p) => p.data.zag === 'Harbor Mini')!;
    const group = json(jsonLd.product(harbor, shop.modsOf(harbor)));
    expect(group.variesBy).toEqual(['https://schema.org/color']);
    expect(group.hasVariant.map((v: Variant) => v.color)).toEqual(['Lagoon', 'Coral', 'Black']);
    expect(group.hasVariant[0]).not.toHaveProperty('size');
  });

  it('without variantProperties, variants are offers of one Product, and no colour code is stated', async () => {
    const plain = structuredData({ site: SHOP_SITE, currency: 'EUR' });
    const aurora = shop.product(1);
    const single = json(plain.product(aurora, shop.modsOf(aurora)));
    expect(single['@type']).toBe('Product');
    expect(single).not.toHaveProperty('hasVariant');
    expect(JSON.stringify(single)).not.toMatch(/#[0-9a-f]{6}/i);
    expect(single.offers.map((o: { sku: string; price: number }) => [o.sku, o.price])).toEqual([
      ['AUR-X1-128-BLK', 699],
      ['AUR-X1-128-BLU', 699],
      ['AUR-X1-256-BLK', 799],
    ]);
    expect(await richResultErrors([single])).toEqual([]);
    // A mapping that tells no two variants apart states no group either.
    const blind = structuredData({ site: SHOP_SITE, currency: 'EUR', variantProperties: () => ({}) });
    expect(json(blind.product(aurora, shop.modsOf(aurora)))['@type']).toBe('Product');
    // One modification: the product is that variant, with its facts.
    const fjord = shop.products.find((p) => p.data.zag === 'Fjord One')!;
    const one = json(jsonLd.product(fjord, shop.modsOf(fjord)));
    expect(one).toMatchObject({ '@type': 'Product', color: 'Moss' });
  });

  it('a mapping that states a colour code, or throws, fails naming the option, the record and the field', () => {
    const aurora = shop.product(1);
    const [first] = shop.modsOf(aurora);
    const byCode = structuredData({
      site: SHOP_SITE,
      currency: 'EUR',
      variantProperties: (modification) => ({ color: modification.color }),
    });
    let caught: unknown;
    try {
      byCode.product(aurora, shop.modsOf(aurora));
    } catch (error) {
      caught = error;
    }
    expect(isSiteContentAstroError(caught, 'option_callback_failed')).toBe(true);
    expect(caught).toMatchObject({
      collection: 'modifications',
      option: 'variantProperties',
      recordId: first!.data.id,
    });
    expect(String(caught)).toMatch(
      /modifications: the variantProperties option, for record \d+, returned \{"color":"#1c1c1e"\}: color: is a colour code, not a colour name/,
    );
    // Without its `#`, a code is still a code; a name that happens to be hex letters is a name.
    const withoutHash = structuredData({
      site: SHOP_SITE,
      currency: 'EUR',
      variantProperties: (modification) => ({ color: modification.color.slice(1) }),
    });
    expect(() => withoutHash.product(aurora, shop.modsOf(aurora))).toThrow(/color: is a colour code/);
    const named = structuredData({
      site: SHOP_SITE,
      currency: 'EUR',
      variantProperties: () => ({ color: 'Fab' }),
    });
    expect(json(named.product(aurora, shop.modsOf(aurora).slice(0, 1)))).toMatchObject({ color: 'Fab' });
    const throwing = structuredData({
      site: SHOP_SITE,
      currency: 'EUR',
      variantProperties: () => {
        throw new Error('no label');
      },
    });
    expect(() => throwing.product(aurora, shop.modsOf(aurora))).toThrow(
      /variantProperties option, for record \d+, threw: no label/,
    );
  });

  it('a product with one modification is a Product with one Offer, its old price a list price', async () => {
    const mod = shop.modifications.find((m) => m.data.price_old > m.data.price)!;
    const single = json(jsonLd.product(shop.product(mod.data.goods_id), [mod]));
    expect(single['@type']).toBe('Product');
    expect(single.sku).toBe(mod.data.articul);
    expect(single.offers).toMatchObject({
      price: mod.data.price,
      priceCurrency: 'EUR',
      priceSpecification: { priceType: 'https://schema.org/ListPrice', price: mod.data.price_old },
    });
    expect(await richResultErrors([single])).toEqual([]);
  });

  it('a product page without modification entries offers the lowest price of the product’s sku list', async () => {
    const aurora = shop.product(1);
    expect(aurora.data.sku.map((s) => s.price)).toEqual([699, 799, 699]);
    const single = json(jsonLd.product(aurora, []));
    expect(single['@type']).toBe('Product');
    expect(single).not.toHaveProperty('sku');
    expect(single.offers).toMatchObject({
      price: 699,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(single.offers).not.toHaveProperty('priceSpecification');
    expect(await richResultErrors([single])).toEqual([]);
  });

  it('Google’s rules report a product the service states no price for (no offer) and a group without variesBy', async () => {
    const bare = shop.withModCount(0);
    expect(bare, 'the product whose modifications the test deleted').toBeDefined();
    expect(bare.data.sku).toEqual([]);
    const unpriced = jsonLd.product(bare, []);
    expect(unpriced).not.toHaveProperty('offers');
    expect((await richResultErrors([unpriced])).join('\n')).toContain('offers');
    // And a group without what Google requires of one.
    const group = json(jsonLd.product(shop.product(1), shop.modsOf(shop.product(1))));
    const { variesBy: _, ...withoutVariesBy } = group;
    expect(await richResultErrors([withoutVariesBy])).toEqual(['variesBy is missing']);
  });

  it('options set availability (by rule), condition and a brand for products without a vendor', () => {
    const custom = structuredData({
      site: new URL(`${SHOP_SITE}/any/path`),
      currency: 'USD',
      availability: (offer) => (offer.price > 700 ? 'PreOrder' : 'InStock'),
      itemCondition: 'RefurbishedCondition',
      brand: 'Lumen & Oak',
      variantProperties: colourThenSize,
    });
    const aurora = shop.product(1);
    const group = json(custom.product({ ...aurora.data, vendor: ' ' }, shop.modsOf(aurora)));
    const offers = group.hasVariant.map((v: Variant) => v.offers);
    expect(offers.map((o: Variant['offers']) => o.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/InStock',
      'https://schema.org/PreOrder',
    ]);
    expect(offers[0]).toMatchObject({
      itemCondition: 'https://schema.org/RefurbishedCondition',
      priceCurrency: 'USD',
    });
    expect(group.brand).toEqual({ '@type': 'Brand', name: 'Lumen & Oak' });
    const noBrand = jsonLd.product({ ...aurora.data, vendor: '' }, []);
    expect(noBrand).not.toHaveProperty('brand');
  });

  it('bad options fail when the builders are made, naming each path', () => {
    const bad = () =>
      structuredData({
        site: 'ftp://shop.example',
        currency: 'euro',
        itemCondition: 'Mint' as 'NewCondition',
      });
    expect(bad).toThrow(
      /Invalid structuredData\(\) options: site: .*currency: expected an ISO 4217 code.*itemCondition:/,
    );
    try {
      bad();
    } catch (error) {
      expect(isSiteContentAstroError(error, 'invalid_options')).toBe(true);
    }
  });

  it('a page URL off the site is an invalid record named by collection, id and field', () => {
    const aurora = shop.product(1);
    let caught: unknown;
    try {
      jsonLd.product({ ...aurora.data, url: '//evil.example/x' }, []);
    } catch (error) {
      caught = error;
    }
    expect(isSiteContentAstroError(caught, 'invalid_record')).toBe(true);
    expect(caught).toMatchObject({ collection: 'products', recordId: '1', field: 'url' });
    expect(String(caught)).toContain(
      'products record 1 has url "//evil.example/x", not a URL on https://shop.example',
    );
  });
});
