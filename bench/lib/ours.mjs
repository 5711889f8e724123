// "Ours": the real @sitecontent/astro loaders, run the way Astro's content layer runs them — every
// collection's load() at once (Promise.all) against one data store — outside a full astro build.
import { createDataStore, createLoaderContext, createLogger } from './loader-context.mjs';

const FACTORIES = {
  sections: 'sectionsLoader',
  products: 'productsLoader',
  articles: 'articlesLoader',
  modifications: 'modificationsLoader',
};

/**
 * Creates the loaders once (like a content config does). Loaders of one connection share one client
 * (one concurrency bound, one back-off gate): @sitecontent/astro keeps it in its registry.
 * @param {{ baseUrl: string, key: string, sid: number, collections: string[], seo?: boolean }} opts
 */
export async function createOurLoaders(opts) {
  const astro = await import('@sitecontent/astro');
  const loaders = {};
  for (const c of opts.collections) {
    const factory = astro[FACTORIES[c]];
    if (typeof factory !== 'function') throw new Error(`@sitecontent/astro does not export ${FACTORIES[c]}`);
    const seo = opts.seo !== false && c !== 'modifications' ? { seo: true } : {};
    loaders[c] = factory({ baseUrl: opts.baseUrl, apiKey: opts.key, sid: opts.sid, ...seo });
  }
  return loaders;
}

/**
 * One load of every collection at once into `store`. Returns time and per-collection counters.
 */
export async function loadAll(loaders, store = createDataStore(), logSink = []) {
  const entries = Object.entries(loaders);
  const prepared = await Promise.all(
    entries.map(async ([collection, loader]) => {
      const { context, counters } = await createLoaderContext(loader, {
        collection,
        store,
        logger: createLogger(loader.name, logSink),
      });
      return { collection, loader, context, counters };
    }),
  );
  const t0 = performance.now();
  await Promise.all(prepared.map((p) => p.loader.load(p.context)));
  const elapsedMs = performance.now() - t0;
  const perCollection = {};
  let written = 0;
  let entriesTotal = 0;
  for (const p of prepared) {
    const size = [...store.keys(p.collection)].length;
    perCollection[p.collection] = { ...p.counters, entries: size };
    written += p.counters.written;
    entriesTotal += size;
  }
  return { elapsedMs, written, entries: entriesTotal, perCollection, store, log: logSink };
}
