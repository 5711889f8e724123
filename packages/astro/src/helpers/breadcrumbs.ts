import { entryData, type WithData } from '../entries/entry-data.js';
import type { SectionLike } from './section-tree.js';

export interface Breadcrumb {
  /** Entry id: a section's `tx`, or the entry's own id for the last crumb of a product/article. */
  id: string;
  label: string;
  /** Relative URL. */
  url: string;
}

/** A relation as entries hold it (a reference) or as a bare `tx`. */
type SectionRelation = { id: string } | string | null;

interface CrumbSource {
  id?: number | string;
  zag?: string;
  url?: string;
  tx?: string;
  parent?: SectionRelation;
  section?: SectionRelation;
}

const relationTx = (relation: SectionRelation | undefined): string | null =>
  relation === undefined || relation === null ? null : typeof relation === 'string' ? relation : relation.id;

const byTx = new WeakMap<readonly unknown[], Map<string, SectionLike>>();

/** Sections by `tx`, built once per array (pages call this for every page with the same array). */
function sectionIndex(sections: readonly WithData<SectionLike>[]): Map<string, SectionLike> {
  let index = byTx.get(sections);
  if (!index) {
    index = new Map();
    for (const item of sections) {
      const data = entryData(item);
      index.set(data.tx, data);
    }
    byTx.set(sections, index);
  }
  return index;
}

/** The trail from the root section down to `entry`, itself last; products and articles hang below their section. */
export function breadcrumbsFor(
  entry: WithData<CrumbSource>,
  sections: readonly WithData<SectionLike>[],
): Breadcrumb[] {
  const data = entryData(entry);
  const index = sectionIndex(sections);
  const trail: Breadcrumb[] = [];
  let current: string | null | undefined;
  if (typeof data.tx === 'string' && 'parent' in data) {
    const self = index.get(data.tx);
    trail.push({ id: data.tx, label: data.zag ?? self?.zag ?? data.tx, url: data.url ?? self?.url ?? '' });
    current = relationTx(data.parent) ?? (self?.par || null);
  } else {
    const ownId = 'id' in entry && 'data' in entry ? entry.id : String(data.id ?? '');
    trail.push({ id: String(ownId), label: data.zag ?? '', url: data.url ?? '' });
    current = relationTx(data.section);
  }
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    const section = index.get(current);
    if (!section) break;
    trail.push({ id: section.tx, label: section.zag, url: section.url });
    current = section.par || null;
  }
  return trail.reverse();
}
