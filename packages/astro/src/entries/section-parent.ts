/** A section's parent entry (build-time and live loaders alike). */
import type { Section } from '@sitecontent/client';
import type { EntryReference } from './schemas.js';
import type { SectionIndex } from './section-index.js';

/** The entry of `section`'s parent; `null` for a root or a parent with no entry (invalid, or hidden). */
export function sectionParent<S extends string>(
  section: Section,
  index: SectionIndex,
  options: { sectionsCollection: S; onlyVisible: boolean },
): EntryReference<S> | null {
  const parent = section.par === '' ? undefined : index.byTx.get(section.par);
  if (parent === undefined || (options.onlyVisible && !parent.shw)) return null;
  return { collection: options.sectionsCollection, id: parent.tx };
}
