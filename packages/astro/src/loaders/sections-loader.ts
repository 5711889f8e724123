import type { Meta } from '@sitecontent/client';
import type { Loader } from 'astro/loaders';
import { sectionDataSchema } from '../entries/schemas.js';
import { buildSectionEntry } from '../entries/section-entry.js';
import { SECTIONS_LOADER_NAME } from '../loader-names.js';
import { loaderOptions, type SectionsLoaderOptions } from '../options/loader-options.js';
import { runLoad } from './load-runner.js';
import { moduleOf, optionFingerprint } from './shared.js';

/**
 * Site sections (`dir/Get`). Entry id: the section's `tx` (unique per site). `data.parent` is the
 * parent's entry id (`par`), `null` for roots. `txt` is the rendered body.
 */
export function sectionsLoader(options: SectionsLoaderOptions = {}) {
  const opts = loaderOptions('sections', options);
  const { onlyVisible, sanitize, seo, metaModule } = opts;
  return {
    name: SECTIONS_LOADER_NAME,
    schema: sectionDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        kind: 'sections',
        options: opts,
        fingerprint: [onlyVisible, sanitize, seo, optionFingerprint(metaModule)],
        async fetch({ client, callOptions, fanOut, siteOrigin, sections: sharedSections }) {
          const [shared, origin] = await Promise.all([
            // The same dir/Get answer as the other loaders of this sync; its invalid records are ours.
            sharedSections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          for (const report of shared.invalid) callOptions.onInvalidRecord(report);
          const all = shared.sections;
          const sections = onlyVisible ? all.filter((s) => s.shw) : all;
          const metas: (Meta | undefined)[] = seo
            ? await fanOut('meta', sections, (s, signal) =>
                client.meta.get(moduleOf(metaModule, s), s.id, { signal }),
              )
            : [];
          return sections.map((section, i) => {
            const meta = metas[i];
            return {
              id: section.tx,
              source: { r: section, m: meta, o: origin },
              build: () => buildSectionEntry(section, sanitize, seo ? { meta, origin } : undefined),
            };
          });
        },
      }),
  } satisfies Loader;
}
