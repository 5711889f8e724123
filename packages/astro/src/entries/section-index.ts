/** Sections by `tx` and by `id`, built once per load (for URLs, relations and meta modules). */
import type { Section } from '@sitecontent/client';
import type { EntryReference } from './schemas.js';

export interface SectionIndex {
  byTx: Map<string, Section>;
  byId: Map<number, Section>;
}

export function indexSections(sections: readonly Section[]): SectionIndex {
  const byTx = new Map<string, Section>();
  const byId = new Map<number, Section>();
  for (const s of sections) {
    byTx.set(s.tx, s);
    byId.set(s.id, s);
  }
  return { byTx, byId };
}

/** A reference to the section `tx` in the collection `collection`, or `null` for no such section. */
export function sectionReference<S extends string>(
  collection: S,
  section: Section | undefined,
): EntryReference<S> | null {
  return section ? { collection, id: section.tx } : null;
}
