// The head of the catalog: the product pages the build prerenders when the storefront is served
// with product pages on demand (storefront.mjs serve). One function for both sides: the pages'
// getStaticPaths() picks the head with it, and the live products loader is given it
// (`prerendered`), so the product sitemaps list only the tail and each page is in one sitemap.
// It must say the same of a product at build time and at request time: a product it picks after
// the build would have no prerendered page and be in neither sitemap. So it picks by what the build
// fixes — here a closed window of dates (a product added later is dated now, outside it), as a shop
// might pick a list of best-seller ids — never by "the newest N".

/** The spring collection: the products added in this window. */
const SPRING = { from: new Date('2025-05-15T00:00:00Z'), to: new Date('2025-07-01T00:00:00Z') };

/** Whether a product's page is prerendered: a build-time entry's data or a live record alike. */
export function isHeadProduct(product: { dt: Date }): boolean {
  return product.dt >= SPRING.from && product.dt < SPRING.to;
}
