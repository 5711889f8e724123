import type { Meta, Section } from '@sitecontent/client';
import type { Loader } from 'astro/loaders';
import { runLoad } from '../load-runner.js';
import {
  type CommonLoaderOptions,
  type HtmlOptions,
  type SeoOptions,
  sectionsOptionsSchema,
  validateOptions,
} from '../options.js';
import { type SectionData, sectionDataSchema } from '../schemas.js';
import { buildSeo, type MetaTags } from '../seo.js';
import { html, moduleOf, optionFingerprint } from './shared.js';

export interface SectionsLoaderOptions extends CommonLoaderOptions, HtmlOptions, SeoOptions {
  /**
   * Leave out sections with `shw` = 0. For sections `shw` only hides them from menus, so the default
   * keeps them (their pages, breadcrumbs and products still need them). @default false
   */
  onlyVisible?: boolean;
  /** `md` module for `meta/Get`. @default 'dir' */
  metaModule?: string | ((section: Section) => string);
}

export const SECTIONS_LOADER_NAME = 'sitecontent-sections';

/** Entry data and rendered body of a section (shared by the build-time and the live loader). */
export function buildSectionEntry(
  section: Section,
  sanitize: boolean,
  seo: { meta: Meta | undefined; origin: string } | undefined,
): { data: SectionData; rendered: { html: string } } {
  const txt = html(section.txt, sanitize);
  const data: SectionData = { ...section, txt, parent: section.par || null };
  if (seo) {
    data.seo = buildSeo(
      { title: section.zag, teaser: '', text: section.txt, url: section.url },
      seo.meta as MetaTags | undefined,
      seo.origin,
    );
  }
  return { data, rendered: { html: txt } };
}

/**
 * Site sections (`dir/Get`). Entry id: the section's `tx` (unique per site). `data.parent` is the
 * parent's entry id (`par`), `null` for roots. `txt` is the rendered body.
 */
export function sectionsLoader(options: SectionsLoaderOptions = {}) {
  const opts = validateOptions('sectionsLoader', sectionsOptionsSchema, options) as SectionsLoaderOptions;
  const onlyVisible = opts.onlyVisible ?? false;
  const sanitize = opts.sanitize ?? true;
  const seo = opts.seo ?? false;
  const metaModule = opts.metaModule ?? 'dir';
  return {
    name: SECTIONS_LOADER_NAME,
    schema: sectionDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        factory: 'sectionsLoader',
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
