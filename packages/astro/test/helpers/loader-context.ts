/**
 * A loader context as Astro's content layer builds it (`content-layer.js#getLoaderContext`), over a
 * real `MutableDataStore`, counting what the load writes.
 */
import { createHash } from 'node:crypto';
import type { LoaderContext } from 'astro/loaders';
import type { z } from 'zod';
import type { AstroMutableDataStore } from './data-store.js';
import { createLogger } from './logger.js';

/** Any of the package's collection loaders: its context typed `never` so that each one's `load` fits. */
export type AnyLoader = { schema: z.ZodType; load: (ctx: never) => Promise<void> };

/** The parts of Astro's resolved config a loader reads. */
export interface ContextConfig {
  root?: URL;
  site?: string;
  trailingSlash?: 'always' | 'never' | 'ignore';
  format?: 'directory' | 'file';
  /** Where a load that caches meta finds what the meta write-back recorded. */
  cacheDir?: URL;
}

export interface TestContext {
  ctx: LoaderContext;
  store: AstroMutableDataStore;
  logs: ReturnType<typeof createLogger>;
  /**
   * Since the last `reset()`: calls of `store.set` that wrote (returned true), `parseData` calls,
   * deletes, and writes to the collection's meta store (`set` and `delete`). Any write makes Astro
   * serialize the whole data store again at the end of the sync.
   */
  counts: { writes: number; parses: number; deletes: number; metaWrites: number };
  /** The meta store's keys written or deleted since the last `reset()`, in order. */
  metaKeysWritten: string[];
  reset(): void;
}

/** A context for `collection` of `store`, with `parseData` validating against `schema` as Astro does. */
export function loaderContext(
  store: AstroMutableDataStore,
  collection: string,
  schema: z.ZodType,
  config: ContextConfig = {},
): TestContext {
  const logs = createLogger();
  const counts = { writes: 0, parses: 0, deletes: 0, metaWrites: 0 };
  const metaKeysWritten: string[] = [];
  const scoped = store.scopedStore(collection);
  const countedStore: LoaderContext['store'] = {
    ...scoped,
    set: (entry) => {
      const wrote = scoped.set(entry);
      if (wrote) counts.writes++;
      return wrote;
    },
    delete: (key) => {
      counts.deletes++;
      scoped.delete(key);
    },
  };
  const meta = store.metaStore(collection);
  const countedMeta: LoaderContext['meta'] = {
    ...meta,
    set: (key, value) => {
      counts.metaWrites++;
      metaKeysWritten.push(key);
      meta.set(key, value);
    },
    delete: (key) => {
      counts.metaWrites++;
      metaKeysWritten.push(key);
      meta.delete(key);
    },
  };
  const ctx = {
    collection,
    store: countedStore,
    meta: countedMeta,
    logger: logs.logger,
    // Astro's defaults where the test does not say, as Astro's resolved config always has them.
    config: {
      root: config.root ?? new URL('file:///tmp/sitecontent-test-root/'),
      site: config.site,
      trailingSlash: config.trailingSlash ?? 'ignore',
      build: { format: config.format ?? 'directory' },
      ...(config.cacheDir ? { cacheDir: config.cacheDir } : {}),
    },
    parseData: async ({ data }: { id: string; data: Record<string, unknown> }) => {
      counts.parses++;
      return (await schema.parseAsync(data)) as Record<string, unknown>;
    },
    renderMarkdown: async () => {
      throw new Error('not used');
    },
    generateDigest: (data: Record<string, unknown> | string) =>
      createHash('sha1')
        .update(typeof data === 'string' ? data : JSON.stringify(data))
        .digest('hex'),
  } as unknown as LoaderContext;
  return {
    ctx,
    store,
    logs,
    counts,
    metaKeysWritten,
    reset: () => {
      metaKeysWritten.length = 0;
      counts.writes = 0;
      counts.parses = 0;
      counts.deletes = 0;
      counts.metaWrites = 0;
      logs.lines.length = 0;
    },
  };
}
