/**
 * Process-wide state that survives Astro's separate module graphs. Astro imports `astro.config.mjs`
 * and `src/content.config.ts` through different graphs, so a module-level variable of this package
 * can exist twice; a value kept on `globalThis` under a `Symbol.for` key is the same for both.
 */
export function globalSlot<T>(name: string, create: () => T): T {
  const key = Symbol.for(`@sitecontent/astro/${name}`);
  const g = globalThis as Record<symbol, unknown>;
  if (!(key in g)) g[key] = create();
  return g[key] as T;
}

/** A project root as a comparable key: its `href`, always ending in `/`. */
export function rootKey(root: URL | string): string {
  const href = typeof root === 'string' ? root : root.href;
  return href.endsWith('/') ? href : `${href}/`;
}
