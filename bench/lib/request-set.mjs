// The request set of a full load with SEO meta, as both the naive baseline and the autocannon
// ceiling issue it: the three list calls, then one meta/Get per entry.
// The meta modules must match what @sitecontent/astro's loaders ask for by default.
export const META_MODULES = { sections: 'dir', products: 'goods', articles: 'blog' };

export function apiUrl(base, op, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, String(v));
  return `${base}/v1/${op}?${q}`;
}

/** Paths (with query) of every request of a full load; ids come from the catalog lists. */
export function fullLoadPaths({ key, sid }, { sections, products, articles }) {
  const p = (op, params = {}) => apiUrl('', op, { key, sid, ...params });
  return [
    p('dir/Get'),
    p('goods/Get'),
    p('article/Get'),
    ...sections.map((s) => p('meta/Get', { md: META_MODULES.sections, id: s.id })),
    ...products.map((r) => p('meta/Get', { md: META_MODULES.products, id: r.id })),
    ...articles.map((a) => p('meta/Get', { md: META_MODULES.articles, id: a.id })),
  ];
}

/** Paths of the modifications fan-out: the product list, then one SkuGet per product. */
export function modificationsPaths({ key, sid }, { products }) {
  const p = (op, params = {}) => apiUrl('', op, { key, sid, ...params });
  return [p('goods/Get'), ...products.map((r) => p('goods/SkuGet', { goods_id: r.id }))];
}
