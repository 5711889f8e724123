// The products loaders a user writes by hand in content.config.ts, without @sitecontent/astro: the
// baselines of bench/report.md. `chunkedProductsLoader` is the careful version (the main baseline):
// keep-alive `fetch`, `meta/Get` for 32 products at a time with `Promise.all`, a digest per entry so
// an unchanged product is neither parsed nor written again, and removed products deleted.
// `naiveProductsLoader` is the first version: one `await` after the other, and the store cleared
// and refilled, as the inline-loader example in Astro's documentation does.
// Both keep the whole record (as the package's loaders do), so every variant's pages could show the
// same fields; the schema types the fields the bench page shows and lets the rest through.
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';

/** The fields the bench page shows, in the same shape as the package's entries; others pass through. */
export const handWrittenProductSchema = z.looseObject({
  id: z.coerce.number(),
  zag: z.string(),
  vendor: z.string(),
  txt: z.string(),
  sku: z.array(z.looseObject({ id: z.coerce.number(), price: z.coerce.number() })),
  seo: z.object({
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    ogTitle: z.string(),
    ogDescription: z.string(),
    ogImage: z.string().nullable(),
    canonical: z.string(),
  }),
});

interface WireProduct {
  id: string;
  zag: string;
  stxt: string;
  txt: string;
  vendor: string;
  shw: string;
  sku?: { id: string; price: string }[];
  img?: { path: string; image: string }[];
}
interface WireMeta {
  ttl?: string;
  dsc?: string;
  kwd?: string;
  og_title?: string;
  og_image?: string;
}

function service() {
  const { SITECONTENT_BASE_URL: base, SITECONTENT_API_KEY: key, SITECONTENT_SID: sid } = process.env;
  if (!base || !key || !sid) throw new Error('SITECONTENT_BASE_URL, SITECONTENT_API_KEY and SITECONTENT_SID');
  return async function get<T>(op: string, params: Record<string, string> = {}): Promise<T> {
    const query = new URLSearchParams({ key, sid, ...params });
    const res = await fetch(`${base}/v1/${op}?${query}`);
    if (!res.ok) throw new Error(`${op} failed: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function entryData(product: WireProduct, meta: WireMeta | undefined, site: URL | undefined) {
  const origin = site?.origin ?? '';
  const title = meta?.ttl || product.zag;
  const description = meta?.dsc || plain(product.stxt).slice(0, 160);
  const image = product.img?.[0];
  return {
    ...product,
    sku: product.sku ?? [],
    seo: {
      title,
      description,
      keywords: meta?.kwd ?? '',
      ogTitle: title,
      ogDescription: meta?.og_title || description,
      ogImage: meta?.og_image
        ? `${origin}${meta.og_image}`
        : image
          ? `${origin}${image.path}${image.image}`
          : null,
      canonical: `${origin}/products/${product.id}`,
    },
  };
}

async function visibleProducts(get: ReturnType<typeof service>): Promise<WireProduct[]> {
  return (await get<WireProduct[]>('goods/Get')).filter((p) => p.shw === '1');
}

/** `meta/Get` for `chunkSize` products at a time; the best a hand-written loader usually does. */
export function chunkedProductsLoader({ chunkSize }: { chunkSize: number }) {
  return {
    name: 'hand-written-chunks',
    schema: handWrittenProductSchema,
    async load({ store, parseData, generateDigest, config, logger }: LoaderContext) {
      const started = performance.now();
      const get = service();
      const products = await visibleProducts(get);
      const metas: (WireMeta | undefined)[] = [];
      for (let i = 0; i < products.length; i += chunkSize) {
        const chunk = products.slice(i, i + chunkSize);
        const answers = await Promise.all(
          chunk.map((p) => get<WireMeta[]>('meta/Get', { md: 'goods', id: p.id })),
        );
        for (const answer of answers) metas.push(answer[0]);
      }
      let written = 0;
      const seen = new Set<string>();
      for (const [i, product] of products.entries()) {
        const id = String(product.id);
        seen.add(id);
        const digest = generateDigest({ product, meta: metas[i] ?? null });
        if (store.get(id)?.digest === digest) continue;
        const data = await parseData({
          id,
          data: entryData(product, metas[i], config.site ? new URL(config.site) : undefined),
        });
        store.set({ id, data, digest });
        written++;
      }
      for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
      const ms = Math.round(performance.now() - started);
      logger.info(`products: ${products.length} records in ${ms} ms: ${written} written`);
    },
  } satisfies Loader;
}

/** One request after the other, the store cleared and filled again. */
export function naiveProductsLoader() {
  return {
    name: 'hand-written-naive',
    schema: handWrittenProductSchema,
    async load({ store, parseData, generateDigest, config, logger }: LoaderContext) {
      const started = performance.now();
      const get = service();
      const products = await visibleProducts(get);
      store.clear();
      for (const product of products) {
        const [meta] = await get<WireMeta[]>('meta/Get', { md: 'goods', id: product.id });
        const id = String(product.id);
        const data = await parseData({
          id,
          data: entryData(product, meta, config.site ? new URL(config.site) : undefined),
        });
        store.set({ id, data, digest: generateDigest({ product, meta: meta ?? null }) });
      }
      logger.info(`products: ${products.length} records in ${Math.round(performance.now() - started)} ms`);
    },
  } satisfies Loader;
}
