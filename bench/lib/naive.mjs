// The naive baseline: what a user without this package would write inline in content.config.ts.
// One `fetch` at a time, `JSON.parse` of each body, list sections, products and articles, then
// meta/Get for every entry, one after the other. Deliberately not tuned down — but not sabotaged
// either: it uses Node's global fetch (undici, keep-alive).
import { apiUrl, META_MODULES } from './request-set.mjs';

export async function naiveLoad({ baseUrl, key, sid }) {
  let requests = 0;
  async function get(op, params = {}) {
    const res = await fetch(apiUrl(baseUrl, op, { key, sid, ...params }));
    const text = await res.text();
    requests++;
    if (!res.ok) throw new Error(`${op} failed: HTTP ${res.status}`);
    return JSON.parse(text);
  }
  const sections = await get('dir/Get');
  const products = await get('goods/Get');
  const articles = await get('article/Get');
  const store = { sections: new Map(), products: new Map(), articles: new Map() };
  for (const s of sections) {
    const [meta] = await get('meta/Get', { md: META_MODULES.sections, id: s.id });
    store.sections.set(s.tx, { ...s, seo: seoOf(meta, s) });
  }
  for (const p of products) {
    const [meta] = await get('meta/Get', { md: META_MODULES.products, id: p.id });
    store.products.set(String(p.id), { ...p, seo: seoOf(meta, p) });
  }
  for (const a of articles) {
    const [meta] = await get('meta/Get', { md: META_MODULES.articles, id: a.id });
    store.articles.set(String(a.id), { ...a, seo: seoOf(meta, a) });
  }
  return {
    requests,
    entries: store.sections.size + store.products.size + store.articles.size,
    lists: { sections, products, articles },
  };
}

function seoOf(meta, record) {
  return {
    title: meta?.ttl || record.zag,
    description: meta?.dsc || String(record.stxt ?? '').slice(0, 160),
  };
}
