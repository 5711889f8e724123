/**
 * One load of a collection loader into a store, as Astro's content layer runs it: a fresh context
 * for the collection, then `load()`. What a test loads into what is then one line, and the context
 * comes back for the assertions (the store, the log, the write counts).
 */
import type { z } from 'zod';
import { type AstroMutableDataStore, createStore } from './data-store.js';
import { type AnyLoader, type ContextConfig, loaderContext, type TestContext } from './loader-context.js';

export interface LoadTarget extends ContextConfig {
  collection: string;
  /** The store earlier loads wrote to, for a load that must see their entries; else a fresh one. */
  store?: AstroMutableDataStore;
  /** What `parseData` validates with, for a test of a user's schema; else the loader's own. */
  schema?: z.ZodType;
  /** What `refreshContent()` was called with, handed to the loader as Astro does. */
  refreshContextData?: Record<string, unknown>;
}

async function contextFor(
  loader: AnyLoader,
  { collection, store, schema, refreshContextData, ...config }: LoadTarget,
): Promise<TestContext> {
  const t = loaderContext(store ?? (await createStore()), collection, schema ?? loader.schema, config);
  if (refreshContextData) Object.assign(t.ctx, { refreshContextData });
  return t;
}

/** Loads `loader` into `target`; the load's context afterwards. A failed load throws. */
export async function loadInto(loader: AnyLoader, target: LoadTarget): Promise<TestContext> {
  const t = await contextFor(loader, target);
  await loader.load(t.ctx as never);
  return t;
}

/** Loads `loader` into `target`; the load's context and the error it failed with, if it failed. */
export async function tryLoadInto(
  loader: AnyLoader,
  target: LoadTarget,
): Promise<{ t: TestContext; error: Error | undefined }> {
  const t = await contextFor(loader, target);
  const error = await loader.load(t.ctx as never).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  return { t, error };
}
