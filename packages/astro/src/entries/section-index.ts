/** Sections by `tx` and by `id`, built once per load (for URLs, relations and meta modules). */
import type { Section } from '@sitecontent/client';

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
