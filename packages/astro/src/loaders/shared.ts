/** Small pieces the collection loaders (and the live loaders) share. */
import type { CatalogFilterOptions, MetaModule } from '../options/loader-options.js';

/** Stable text of an option that may be a function, for digests (a changed function changes entries). */
export function optionFingerprint(value: unknown): unknown {
  return typeof value === 'function' ? `fn:${value.toString()}` : value;
}

/** The `catid`/`cattx` list filter (`goods/Get`, `article/Get`), leaving out the ones not given. */
export function catalogFilter(filter: CatalogFilterOptions | undefined): CatalogFilterOptions {
  return {
    ...(filter?.catid === undefined ? {} : { catid: filter.catid }),
    ...(filter?.cattx === undefined ? {} : { cattx: filter.cattx }),
  };
}

/** Resolves the `md` module of a record. */
export function moduleOf<R>(metaModule: MetaModule<R>, record: R): string {
  return typeof metaModule === 'function' ? metaModule(record) : metaModule;
}
