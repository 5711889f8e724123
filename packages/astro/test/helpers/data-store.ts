/**
 * Astro's own `MutableDataStore`, the store a real sync writes to and serializes, so a test sees
 * what Astro would keep. Not in Astro's export map: imported by file.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

const require = createRequire(import.meta.url);
const astroDir = dirname(require.resolve('astro/package.json'));

/** The part of Astro's store class the tests use (Astro ships no types for it). */
export interface AstroMutableDataStore {
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
  has(collection: string, id: string): boolean;
  /** The store as Astro writes it to `data-store.json` (devalue). */
  toString(): string;
}

export async function createStore(): Promise<AstroMutableDataStore> {
  const mod = (await import(pathToFileURL(join(astroDir, 'dist/content/mutable-data-store.js')).href)) as {
    MutableDataStore: new () => AstroMutableDataStore;
  };
  return new mod.MutableDataStore();
}
