// A LoaderContext built from Astro's own classes, so the bench runs the real loaders outside a full
// `astro build`: Astro's MutableDataStore (scopedStore/metaStore exactly as the content layer hands
// them out), Astro's getEntryData for parseData (the same zod validation path), and xxhash digests
// as in content-layer.js. These internals are not in astro's `exports` map, so they are imported by
// file path; they were read from astro 7.3.5.
// (packages/astro ships no reusable context helper outside its vitest helpers, hence this module.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const astroRoot = dirname(require.resolve('astro/package.json'));
const astroFile = (rel) => pathToFileURL(join(astroRoot, 'dist', rel)).href;

const { MutableDataStore } = await import(astroFile('content/mutable-data-store.js'));
const { getEntryData } = await import(astroFile('content/utils.js'));
// xxhash-wasm is astro's own dependency; resolve it from astro so the versions match.
const astroRequire = createRequire(join(astroRoot, 'package.json'));
const xxhashMod = astroRequire('xxhash-wasm');
const xxhash = xxhashMod.default ?? xxhashMod;

const { h64ToString } = await xxhash();
export function generateDigest(data) {
  return h64ToString(typeof data === 'string' ? data : JSON.stringify(data));
}

export function createDataStore() {
  return new MutableDataStore();
}

/** Collects log lines instead of printing them; `lines` is kept for the report's sanity checks. */
export function createLogger(label = 'content', sink = []) {
  const log = (level) => (message) => sink.push({ level, label, message: String(message) });
  return {
    label,
    options: { level: 'info' },
    lines: sink,
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    fork: (l) => createLogger(l, sink),
    flush() {},
  };
}

/**
 * @param {import('astro/loaders').Loader & { schema?: unknown, createSchema?: () => Promise<{ schema: unknown }> }} loader
 * @param {{ collection: string, store: any, logger?: any, config?: any }} opts
 * Returns the context plus `writes` counters (entries the loader actually wrote/deleted).
 */
export async function createLoaderContext(loader, { collection, store, logger, config = {} }) {
  let schema = loader.schema;
  if (!schema && typeof loader.createSchema === 'function') ({ schema } = await loader.createSchema());
  const counters = { written: 0, unchanged: 0, deleted: 0, parsed: 0 };
  const scoped = store.scopedStore(collection);
  const countingStore = {
    ...scoped,
    set(entry) {
      const wrote = scoped.set(entry);
      if (wrote) counters.written++;
      else counters.unchanged++;
      return wrote;
    },
    delete(key) {
      counters.deleted++;
      return scoped.delete(key);
    },
  };
  const context = {
    collection,
    store: countingStore,
    meta: store.metaStore(collection),
    logger: logger ?? createLogger(loader.name),
    config: { root: pathToFileURL(`${process.cwd()}/`), site: undefined, ...config },
    parseData: ({ id, data, filePath = '' }) => {
      counters.parsed++;
      return getEntryData(
        { id, collection, unvalidatedData: data, _internal: { rawData: undefined, filePath } },
        { type: 'content_layer', schema },
        false,
      );
    },
    renderMarkdown: async (content) => ({ html: content, metadata: {} }),
    generateDigest,
    refreshContextData: undefined,
    entryTypes: new Map(),
  };
  return { context, counters };
}

/** A plain, comparable snapshot of collections in a store (for the soak's deep-equal check). */
/**
 * An entry without `data.changedAt`: for a record first seen without a `dt` (a section) it is the
 * time of the sync that wrote it, so two syncs of the same records differ there by design.
 */
function withoutSyncTime(entry) {
  if (!entry?.data || !('changedAt' in entry.data)) return entry;
  const { changedAt: _changedAt, ...data } = entry.data;
  return { ...entry, data };
}

export function snapshotStore(store, collections) {
  const out = {};
  for (const c of collections) {
    const entries = [...store.entries(c)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    out[c] = Object.fromEntries(
      entries.map(([id, e]) => [id, JSON.parse(JSON.stringify(withoutSyncTime(e)))]),
    );
  }
  return out;
}
