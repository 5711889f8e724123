/** A section record as a collection entry (shared by the build-time and the live loader). */
import type { Meta, Section } from '@sitecontent/client';
import { sanitizeIf } from './sanitize.js';
import type { SectionData } from './schemas.js';
import { buildSeo, type MetaTags } from './seo.js';

/** Entry data and rendered body of a section; `parent` is the parent's entry id (`par`), `null` for roots. */
export function buildSectionEntry(
  section: Section,
  sanitize: boolean,
  seo: { meta: Meta | undefined; origin: string } | undefined,
): { data: SectionData; rendered: { html: string } } {
  const txt = sanitizeIf(section.txt, sanitize);
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
