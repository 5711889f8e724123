// "Ours": the real @sitecontent/astro integration and loaders, run the way Astro runs them — the
// integration's `astro:config:setup` hook registers the shared settings, then every collection's
// load() runs at once (Promise.all) against one data store — outside a full `astro build`.
import { pathToFileURL } from 'node:url';
import { createDataStore, createLoaderContext, createLogger } from './loader-context.mjs';

const FACTORIES = {
  sections: 'sectionsLoader',
  products: 'productsLoader',
  articles: 'articlesLoader',
  modifications: 'modificationsLoader',
};

let projects = 0;

/**
 * Sets up one "project": the siteContent() integration (connection, concurrency, retries) and the
 * loaders of `collections`, created once like a content config does. Every loader of the project
 * shares the integration's one client (one concurrency bound, one back-off gate).
 * `metaMaxAge` (ms) gives the loaders `seo: { maxAge }`, as the bench site's incremental configuration
 * does; `productUrl` the bench site's page URLs.
 * @param {{ baseUrl: string, key: string, sid: number, collections: string[], seo?: boolean,
 *   metaMaxAge?: number, productUrl?: (product: { id: number }) => string,
 *   concurrency?: number, maxConcurrency?: number, adaptive?: boolean, retries?: number,
 *   logSink?: object[] }} opts
 */
export async function createOurLoaders(opts) {
  const astro = await import('@sitecontent/astro');
  // A distinct root per project: the integration keys its shared client by project root.
  const root = pathToFileURL(`${process.cwd()}/.bench-project-${process.pid}-${++projects}/`);
  const logSink = opts.logSink ?? [];
  const integration = astro.siteContent({
    baseUrl: opts.baseUrl,
    apiKey: opts.key,
    sid: opts.sid,
    ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
    ...(opts.maxConcurrency ? { maxConcurrency: opts.maxConcurrency } : {}),
    ...(opts.adaptive === false ? { adaptive: false } : {}),
    ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
    setSite: false,
    remoteImages: false,
    refreshEndpoint: false,
  });
  // The hook gets only the parts of Astro's context that the integration reads.
  const setup = /** @type {(context: unknown) => Promise<void>} */ (integration.hooks['astro:config:setup']);
  await setup({
    config: { root, site: undefined, cacheDir: new URL('.astro/', root) },
    command: 'build',
    isRestart: false,
    updateConfig: () => {},
    addWatchFile: () => {},
    injectScript: () => {},
    logger: createLogger('@sitecontent/astro', logSink),
  });
  const loaders = {};
  for (const c of opts.collections) {
    const factory = astro[FACTORIES[c]];
    if (typeof factory !== 'function') throw new Error(`@sitecontent/astro does not export ${FACTORIES[c]}`);
    const seo = opts.metaMaxAge ? { maxAge: opts.metaMaxAge } : true;
    loaders[c] = factory({
      ...(opts.seo !== false && c !== 'modifications' ? { seo } : {}),
      ...(c === 'products' && opts.productUrl ? { productUrl: opts.productUrl } : {}),
    });
  }
  return { loaders, root, logSink };
}

/**
 * One load of every collection of `project` at once into `store`. Returns time and per-collection
 * counters; log lines (loaders' and the shared client's retry warnings) go to project.logSink.
 */
export async function loadAll(project, store = createDataStore()) {
  const { loaders, root, logSink } = project;
  const prepared = await Promise.all(
    Object.entries(loaders).map(async ([collection, loader]) => {
      const { context, counters } = await createLoaderContext(loader, {
        collection,
        store,
        logger: createLogger(loader.name, logSink),
        config: { root },
      });
      return { collection, loader, context, counters };
    }),
  );
  const from = logSink.length;
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
  return { elapsedMs, written, entries: entriesTotal, perCollection, store, log: logSink.slice(from) };
}
