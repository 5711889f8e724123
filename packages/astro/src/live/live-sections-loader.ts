import type { Section } from '@sitecontent/client';
import type { LiveLoader } from 'astro/loaders';
import type { SectionData } from '../entries/schemas.js';
import { buildSectionEntry } from '../entries/section-entry.js';
import { SECTIONS_LOADER_NAME } from '../loader-names.js';
import { moduleOf } from '../loaders/shared.js';
import { type LiveSectionsLoaderOptions, liveSectionsOptionsSchema } from '../options/live-options.js';
import { type SectionsLoaderOptions, sectionsLoaderDefaults } from '../options/loader-options.js';
import { parseOptions, withDefaults } from '../options/parse-options.js';
import {
  defineLiveLoader,
  entryTags,
  type LiveEntryFilter,
  type LiveSectionsFilter,
} from './define-live-loader.js';
import { liveRuntime } from './live-runtime.js';

/** Live sections: `getLiveCollection('sections', { tx? })`, `getLiveEntry('sections', tx)`. */
export function liveSectionsLoader(
  options: LiveSectionsLoaderOptions = {},
): LiveLoader<SectionData, LiveEntryFilter, LiveSectionsFilter> {
  const { site, ...given } = parseOptions(
    'liveSectionsLoader',
    liveSectionsOptionsSchema,
    options,
  ) as LiveSectionsLoaderOptions;
  const opts = withDefaults(sectionsLoaderDefaults, given as SectionsLoaderOptions);
  const rt = liveRuntime(opts, site);

  return defineLiveLoader(rt, {
    name: `${SECTIONS_LOADER_NAME}-live`,
    tag: 'sections',
    // For sections `shw` only hides them from menus (see `SectionsLoaderOptions.onlyVisible`).
    onlyVisible: opts.onlyVisible,
    list: (client, filter: LiveSectionsFilter | undefined, callOptions) =>
      client.sections.list(filter?.tx === undefined ? undefined : { tx: filter.tx }, callOptions),
    keyOf: (id) => (typeof id === 'string' && id !== '' ? id : undefined),
    get: async (client, tx) => (await client.sections.list({ tx }))[0],
    async toEntries(client, sections: Section[]) {
      const origin = await rt.origin(client);
      const metas = await rt.metas(client, sections, (s) => moduleOf(opts.metaModule, s));
      return sections.map((section, i) => ({
        id: section.tx,
        ...buildSectionEntry(section, opts.sanitize, opts.seo ? { meta: metas[i], origin } : undefined),
        cacheHint: { tags: entryTags('sections', section.tx) },
      }));
    },
  });
}
