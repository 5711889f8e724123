// The product feed for Google Merchant Center and the shopping feeds that follow its format, written
// into dist/ at build time: one item per offer of every product page, made by the same builders as
// the pages' JSON-LD (lib/structured-data.ts), with the photos the pages name for search engines.
import type { APIRoute } from 'astro';
import { searchImagesOf } from '../lib/photos';
import { imagesOf, loadShop, modificationsOf } from '../lib/shop';
import { jsonLdBuilders } from '../lib/structured-data';

export const prerender = true;

export const GET: APIRoute = async (context) => {
  const { site } = context;
  const shop = await loadShop();
  const builders = jsonLdBuilders(site);
  const products = shop.products.map(async (product) => ({
    product,
    modifications: modificationsOf(shop, product),
    images: await searchImagesOf(context, product.data.id, imagesOf(product)),
  }));
  async function* feedProducts() {
    for (const product of products) yield await product;
  }
  return new Response(builders.productFeed(feedProducts()), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
};
