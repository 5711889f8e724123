/**
 * Shared test builders for @sitecontent/astro: a loader context on Astro's real `MutableDataStore`,
 * a capturing logger, the emulator, and Astro fixture projects. One module, imported by every test.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import type { z } from 'zod';

export * from './fixture.js';

const require = createRequire(import.meta.url);
const astroDir = dirname(require.resolve('astro/package.json'));

/** Astro's own store class (not in the package's export map, so imported by file). */
interface AstroMutableDataStore {
  scopedStore(collection: string): LoaderContext['store'];
  metaStore(collection?: string): LoaderContext['meta'];
  values(collection: string): Array<{
    id: string;
    data: Record<string, unknown>;
    digest?: string | number;
    rendered?: { html: string };
  }>;
  get(
    collection: string,
    id: string,
  ):
    | { id: string; data: Record<string, unknown>; digest?: string | number; rendered?: { html: string } }
    | undefined;
  keys(collection: string): string[];
}

export async function createStore(): Promise<AstroMutableDataStore> {
  const mod = (await import(pathToFileURL(join(astroDir, 'dist/content/mutable-data-store.js')).href)) as {
    MutableDataStore: new () => AstroMutableDataStore;
  };
  return new mod.MutableDataStore();
}

export interface LogLine {
  level: 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

export function createLogger() {
  const lines: LogLine[] = [];
  const log = (level: LogLine['level']) => (message: string) => {
    lines.push({ level, message });
  };
  const logger = {
    options: {},
    label: 'test',
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    fork: () => logger,
  };
  return { logger, lines, text: () => lines.map((l) => `${l.level}: ${l.message}`).join('\n') };
}

export interface TestContext {
  ctx: LoaderContext;
  store: AstroMutableDataStore;
  logs: ReturnType<typeof createLogger>;
  /** Calls of `store.set` that wrote (returned true) and `parseData` calls since the last `reset()`. */
  counts: { writes: number; parses: number; deletes: number };
  reset(): void;
}

/**
 * A loader context as Astro's content layer builds it (`content-layer.js#getLoaderContext`), over a
 * real `MutableDataStore`, with `parseData` validating against `schema` as Astro does.
 */
export function loaderContext(
  store: AstroMutableDataStore,
  collection: string,
  schema: z.ZodType,
  config: { root?: URL; site?: string } = {},
): TestContext {
  const logs = createLogger();
  const counts = { writes: 0, parses: 0, deletes: 0 };
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
  const ctx = {
    collection,
    store: countedStore,
    meta: store.metaStore(collection),
    logger: logs.logger,
    config: { root: config.root ?? new URL('file:///tmp/sitecontent-test-root/'), site: config.site },
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
    reset: () => {
      counts.writes = 0;
      counts.parses = 0;
      counts.deletes = 0;
      logs.lines.length = 0;
    },
  };
}
