import type { Loader } from 'astro/loaders';
import { sectionPages } from '../../entries/page-kinds.js';
import { readUrlStyle } from '../../entries/page-url.js';
import { type SeoOption, sectionDataSchemaFor } from '../../entries/schemas.js';
import { indexSections } from '../../entries/section-index.js';
import { SECTIONS_LOADER_NAME } from '../../loader-names.js';
import { entryLoaderSettings, type SectionsLoaderOptions } from '../../options/loader-options.js';
import type { FetchContext } from '../load-run/fetch-context.js';
import { runLoad } from '../load-run/run-load.js';
import { KEEP_STORED, type SyncSource } from '../staging/sync-item.js';
import { movedLinks } from './moved-links.js';
import { pageFingerprint } from './page-fingerprint.js';
import { pageItems } from './page-items.js';

/** Site sections (`dir/Get`), by `tx`; `data.parent` from `par`, `null` for roots. */
export function sectionsLoader<const S extends string = 'sections', const Q extends SeoOption = undefined>(
  options: SectionsLoaderOptions<S> & { seo?: Q } = {},
) {
  const settings = entryLoaderSettings<'sections', S, Q>('sections', options);
  return {
    name: SECTIONS_LOADER_NAME,
    schema: sectionDataSchemaFor(settings.sectionsCollection, settings.seoPresence),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'sections',
        options: settings.opts,
        metaMaxAge: settings.metaMaxAge,
        sanitize: settings.opts.sanitize,
        fingerprint: pageFingerprint(settings, ctx.config),
        fetch: (fc) => fetchSections(fc, settings),
      }),
  } satisfies Loader;
}

/** What the fetch reads of the loader's settings. */
type SectionsSettings = Pick<
  ReturnType<typeof entryLoaderSettings<'sections', string>>,
  'opts' | 'seo' | 'sectionsCollection'
>;

/** The sync's `dir/Get` (its invalid records are this load's), then each section's meta and entry. */
async function fetchSections(fc: FetchContext, settings: SectionsSettings): Promise<SyncSource> {
  const { ctx, invalid, siteOrigin, sections } = fc;
  const { opts, seo, sectionsCollection } = settings;
  if (ctx.collection !== sectionsCollection) {
    ctx.logger.warn(
      `${ctx.collection}: data.parent refers to the collection "${sectionsCollection}"; ` +
        `pass sectionsLoader({ sectionsCollection: '${ctx.collection}' }) so it refers to this one`,
    );
  }
  const [sync, origin] = await Promise.all([sections(), seo ? siteOrigin() : Promise.resolve('')]);
  // A sync that skipped an invalid section left no record of its answers: it is read again.
  if (fc.keepsStored({ sections: sync.bodyDigest, origin }, seo)) return KEEP_STORED;
  invalid.addAll(sync.invalid);
  const all = sync.sections;
  const kind = sectionPages({
    collection: ctx.collection,
    sectionsCollection,
    urlStyle: readUrlStyle(ctx.config),
    metaModule: opts.metaModule,
    onlyVisible: opts.onlyVisible,
    moved: movedLinks(ctx, all),
  });
  const shown = opts.onlyVisible ? all.filter((s) => s.shw) : all;
  const index = indexSections(all);
  return pageItems(
    fc,
    shown.map((section) => kind(section, index)),
    seo,
    origin,
  );
}
