import type { CatalogFilterOptions } from './loader-shapes.js';

/** The `catid`/`cattx` list filter (`goods/Get`, `article/Get`), leaving out the ones not given. */
export function catalogFilter(filter: CatalogFilterOptions | undefined): CatalogFilterOptions {
  return {
    ...(filter?.catid === undefined ? {} : { catid: filter.catid }),
    ...(filter?.cattx === undefined ? {} : { cattx: filter.cattx }),
  };
}
