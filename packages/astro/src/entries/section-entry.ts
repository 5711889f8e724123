/** A section record as a collection entry (shared by the build-time and the live loader). */
import type { Section } from '@sitecontent/client';
import { BODY, knownKeys, withExtra } from './extra-fields.js';
import { pageUrl } from './page-url.js';
import { type EntryReference, type SectionData, sectionDataSchema } from './schemas.js';
import { type EntryInput, entrySeo } from './seo.js';
import { entryHtml } from './site-links.js';

const SECTION_KEYS = knownKeys(sectionDataSchema);

/** What a section entry is built from besides the record. */
export interface SectionEntryInput<S extends string> extends EntryInput {
  /** The parent section's entry; `null` for a root or a parent the collection does not hold. */
  parent: EntryReference<S> | null;
}

/** Entry data and rendered body of a section. */
export function buildSectionEntry<S extends string>(
  section: Section,
  input: SectionEntryInput<S>,
): { data: SectionData<S>; rendered: { html: string } } {
  const html = entryHtml(input.cleanHtml, input.urlStyle, input.seo?.origin, input.moved);
  const txt = html(section.txt);
  const url = pageUrl(section.url, input.urlStyle);
  const data = { ...withExtra(section, SECTION_KEYS, BODY), parent: input.parent, url } as SectionData<S>;
  const seo = entrySeo(input, { url });
  if (seo) data.seo = seo;
  return { data, rendered: { html: txt } };
}
