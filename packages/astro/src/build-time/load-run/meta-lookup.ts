/** The meta lookups of one load: the cache's `maxAge`, a forced refetch, the last write-back. */
import { configEnv } from '@sitecontent/client/internal';
import type { LoaderContext } from 'astro/loaders';
import type { ProjectSettings } from '../../project/project-settings.js';
import { type MetaLookup, metaLookup, readWrittenMeta } from './meta-cache.js';

/** `1`: ask every page's meta again and keep the answers (a nightly refresh); `metaMaxAge: 0` keeps none. */
export const REFETCH_META_ENV = 'SITECONTENT_REFETCH_META';

/** `loaderMaxAge`: the loader's own `seo: { maxAge }`, which wins over the project's `metaMaxAge`. */
export async function openMetaLookup(
  ctx: LoaderContext,
  loaderMaxAge: number | undefined,
  settings: ProjectSettings,
): Promise<MetaLookup> {
  const maxAge = loaderMaxAge ?? settings.metaMaxAge;
  const refetchEnv = configEnv({ files: settings.env }, [REFETCH_META_ENV])[REFETCH_META_ENV];
  return metaLookup(ctx, {
    maxAge,
    refetch: ctx.refreshContextData?.refetchMeta === true || refetchEnv === '1',
    written: maxAge > 0 ? await readWrittenMeta(ctx.config.cacheDir) : undefined,
  });
}
