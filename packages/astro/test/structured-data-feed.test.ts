/**
 * The product feed from entries as the loaders store them: one item per offer the page's JSON-LD
 * states, at the same price, availability and URL, in Google's RSS 2.0 format, and the options
 * that add identifiers, shipping and raster images.
 */
import { describe, expect, it } from 'vitest';
import { isSiteContentAstroError, structuredData } from '../src/index.js';
import { json, SHOP_SITE, shopEntries } from './helpers/index.js';

const colourThenSize = (modification: { stxt: string }) => {
  const [color, size] = modification.stxt.split(', ');
  return { color, size };
};

/** The items of a feed, each as its `g:` fields (repeated ones as lists). */
function safeFeedItems(xml: string): Record<string, string[]>[] {
  return [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map(([, body]) => {
    const fields: Record<string, string[]> = {};
    fields.shipping = [...body!.matchAll(/<g:shipping>(.*?)<\/g:shipping>/g)].map(([, s]) => s!);
    for (const [, name, value] of body!
      .replace(/<g:shipping>.*?<\/g:shipping>/g, '')
      .matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)) {
      fields[name!] = [...(fields[name!] ?? []), value!];
    }
    return fields;
  });
}

const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('product feed', () => {
  const shop = shopEntries();
  const builders = structuredData({
    site: SHOP_SITE,
    currency: 'EUR',
    variantProperties: colourThenSize,
    organization: { name: 'Shop & Co' },
    shipping: {
      countries: ['DE', 'AT'],
      rates: [{ rate: 4.95 }, { fromOrderValue: 750, rate: 0 }],
      handlingDays: { min: 0, max: 1 },
      transitDays: { min: 1, max: 3 },
    },
    identifiers: (modification) =>
      modification ? { mpn: `MPN-${modification.id}` } : { gtin: '4006381333931' },
  });

  it('states every offer of the JSON-LD as an item, at its price, availability and URL', async () => {
    const aurora = shop.product(1);
    const mods = shop.modsOf(aurora);
    const xml = await text(builders.productFeed([{ product: aurora, modifications: mods }]));
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    );
    expect(xml).toContain('<title>Shop &amp; Co</title>');
    const items = safeFeedItems(xml);
    const group = json(builders.product(aurora, mods));
    expect(items).toHaveLength(group.hasVariant.length);
    group.hasVariant.forEach((variant: { name: string; offers: Record<string, unknown> }, i: number) => {
      const item = items[i]!;
      const modId = mods[i]!.data.id;
      expect(item.id).toEqual([`1-${modId}`]);
      expect(item.item_group_id).toEqual([group.productGroupID]);
      expect(item.title).toEqual([variant.name]);
      expect(item.link).toEqual([variant.offers.url]);
      expect(item.link![0]).toBe(`${SHOP_SITE}/catalog/phones/1/?variant=${modId}`);
      expect(item.availability).toEqual(['in_stock']);
      expect(item.condition).toEqual(['new']);
      expect(item.brand).toEqual(['Aurora Mobile']);
      expect(item.mpn).toEqual([`MPN-${modId}`]);
      const list = (variant.offers.priceSpecification as { price: number } | undefined)?.price;
      // Google's price is the regular one; a strike-through price makes the offer's price the sale price.
      expect(item.price).toEqual([`${(list ?? (variant.offers.price as number)).toFixed(2)} EUR`]);
      expect(item.sale_price).toEqual(
        list === undefined ? undefined : [`${(variant.offers.price as number).toFixed(2)} EUR`],
      );
      expect(item.image_link).toEqual([group.image[0]]);
      expect(item.additional_image_link).toEqual(group.image.slice(1));
      // One shipping per country, at the rate the offer's price falls in (free from 750).
      const rate = (variant.offers.price as number) >= 750 ? '0.00 EUR' : '4.95 EUR';
      expect(item.shipping).toEqual(
        ['DE', 'AT'].map(
          (country) =>
            `<g:country>${country}</g:country><g:price>${rate}</g:price><g:min_transit_time>1</g:min_transit_time><g:max_transit_time>3</g:max_transit_time>`,
        ),
      );
      expect(item.min_handling_time).toEqual(['0']);
      expect(item.max_handling_time).toEqual(['1']);
    });
  });

  it('a product with one offer is one item under the product id, at the page URL; raster images as given', async () => {
    const single = shop.withModCount(1);
    const xml = await text(
      builders.productFeed([
        {
          product: single,
          modifications: shop.modsOf(single),
          images: ['/_astro/a.webp', 'https://cdn.example/b.jpg'],
        },
      ]),
    );
    const [item, ...rest] = safeFeedItems(xml);
    expect(rest).toEqual([]);
    expect(item!.id).toEqual([String(single.data.id)]);
    expect(item!.item_group_id).toBeUndefined();
    expect(item!.link).toEqual([json(builders.product(single, shop.modsOf(single))).url]);
    expect(item!.image_link).toEqual([`${SHOP_SITE}/_astro/a.webp`]);
    expect(item!.additional_image_link).toEqual(['https://cdn.example/b.jpg']);
    const ld = json(builders.product(single, shop.modsOf(single), ['/_astro/a.webp']));
    expect(ld.image).toEqual([`${SHOP_SITE}/_astro/a.webp`]);
  });

  it('escapes service text and streams any number of products, async ones too', async () => {
    const product = { ...shop.product(1).data, zag: 'Tom & "Jerry" <b>\u0001' };
    async function* products() {
      yield { product, modifications: [] };
      yield { product: shop.product(1), modifications: shop.modsOf(shop.product(1)) };
    }
    const xml = await text(builders.productFeed(products()));
    expect(xml).toMatch(/<g:title>Tom &amp; &quot;Jerry&quot;\s*<\/g:title>/);
    expect(xml).not.toContain('\u0001');
    expect(safeFeedItems(xml).length).toBe(1 + shop.modsOf(shop.product(1)).length);
    expect(xml.endsWith('</channel>\n</rss>\n')).toBe(true);
  });

  it('a product no page could show ends the feed with its error, or is left out and told when asked', async () => {
    const aurora = shop.product(1);
    const bad = { ...aurora.data, url: 'https://evil.example/x' };
    const products = [
      { product: bad, modifications: [] },
      { product: aurora, modifications: shop.modsOf(aurora) },
    ];
    const error = await text(builders.productFeed(products)).catch((e) => e);
    expect(String(error)).toMatch(/products record 1 has url "https:\/\/evil.example\/x", not a URL on/);
    const skipped: unknown[] = [];
    const xml = await text(builders.productFeed(products, {}, (product) => skipped.push(product.product)));
    expect(skipped).toEqual([bad]);
    expect(safeFeedItems(xml)).toHaveLength(shop.modsOf(aurora).length);
  });

  it('an identifiers mapping that returns a bad GTIN fails naming the option and the record', async () => {
    const bad = structuredData({ site: SHOP_SITE, currency: 'EUR', identifiers: () => ({ gtin: '12ab' }) });
    const aurora = shop.product(1);
    const mod = shop.modsOf(aurora)[0]!;
    const error = await text(bad.productFeed([{ product: aurora, modifications: [mod] }])).catch((e) => e);
    expect(isSiteContentAstroError(error, 'option_callback_failed')).toBe(true);
    expect(error.message).toContain(`the identifiers option, for record ${mod.data.id}`);
    expect(error.message).toContain('gtin: expected 8, 12, 13 or 14 digits');
  });
});
