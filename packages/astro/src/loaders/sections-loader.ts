import type { Loader } from 'astro/loaders';
import { pageModuleOf } from '../entries/meta-module.js';
import { urlStyleOf } from '../entries/page-url.js';
import { type SeoOption, sectionDataSchemaFor } from '../entries/schemas.js';
import { buildSectionEntry } from '../entries/section-entry.js';
import { indexSections } from '../entries/section-index.js';
import { sectionParent } from '../entries/section-parent.js';
import { runLoad } from '../load/run-load.js';
import { SECTIONS_LOADER_NAME } from '../loader-names.js';
import { entryLoaderSettings, type SectionsLoaderOptions } from '../options/loader-options.js';
import { optionFingerprint } from './shared.js';

/**
 * Site sections (`dir/Get`). Entry id: the section's `tx` (unique per site). `data.parent` refers to
 * the parent section (`par`), `null` for roots. `txt` is the rendered body.
 */
export function sectionsLoader<const S extends string = 'sections', const Q extends SeoOption = undefined>(
  options: SectionsLoaderOptions<S> & { seo?: Q } = {},
) {
  const { opts, sectionsCollection, seo, seoPresence, metaMaxAge } = entryLoaderSettings<'sections', S, Q>(
    'sections',
    options,
  );
  const { onlyVisible, sanitize, metaModule } = opts;
  return {
    name: SECTIONS_LOADER_NAME,
    schema: sectionDataSchemaFor(sectionsCollection, seoPresence),
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'sections',
        options: opts,
        metaMaxAge,
        sanitize,
        fingerprint: [
          onlyVisible,
          sanitize,
          seo,
          sectionsCollection,
          optionFingerprint(metaModule),
          urlStyleOf(ctx.config),
        ],
        async fetch({ ctx, invalid, itemsWithMeta, siteOrigin, sections: sharedSections }) {
          const urlStyle = urlStyleOf(ctx.config);
          if (ctx.collection !== sectionsCollection) {
            ctx.logger.warn(
              `${ctx.collection}: data.parent refers to the collection "${sectionsCollection}"; ` +
                `pass sectionsLoader({ sectionsCollection: '${ctx.collection}' }) so it refers to this one`,
            );
          }
          const [shared, origin] = await Promise.all([
            // The same dir/Get answer as the other loaders of this sync; its invalid records are ours.
            sharedSections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          invalid.addAll(shared.invalid);
          const all = shared.sections;
          const sections = onlyVisible ? all.filter((s) => s.shw) : all;
          const index = indexSections(all);
          return itemsWithMeta(
            sections,
            seo
              ? (section) => ({
                  record: section,
                  md: pageModuleOf(ctx.collection, metaModule, section, section.id),
                  id: section.id,
                })
              : undefined,
            (section, meta) => {
              const parent = sectionParent(section, index, { sectionsCollection, onlyVisible });
              return {
                id: section.tx,
                recordId: section.id,
                digestInputs: { record: section, parent, meta, origin },
                html: [section.txt],
                build: (clean) =>
                  buildSectionEntry(section, {
                    parent,
                    cleanHtml: clean,
                    seo: seo ? { meta, origin } : undefined,
                    urlStyle,
                  }),
              };
            },
          );
        },
      }),
  } satisfies Loader;
}
