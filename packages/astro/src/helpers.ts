/**
 * Page helpers over stored entries. Each accepts collection entries (`{ id, data }` as returned by
 * `getCollection()`) or bare data objects, so they work in pages and in plain scripts alike.
 */
import type { ProductImageData, SectionData } from './schemas.js';

type SectionLike = Pick<SectionData, 'tx' | 'par' | 'zag' | 'url' | 'rlv' | 'id'> & Partial<SectionData>;
type WithData<T> = T | { id: string; data: T };

export interface SectionTreeNode<T = unknown> {
  /** Entry id: the section's `tx`. */
  id: string;
  /** The section's data. */
  data: SectionLike;
  /** What was passed in for this section (entry or data). */
  entry: T;
  /** 0 for root sections. */
  depth: number;
  children: SectionTreeNode<T>[];
}

function dataOf<T extends object>(item: WithData<T>): T {
  return 'data' in item && typeof item.data === 'object' && item.data !== null && !('zag' in item)
    ? (item.data as T)
    : (item as T);
}

const byTx = new WeakMap<readonly unknown[], Map<string, SectionLike>>();

function sectionIndex(sections: readonly WithData<SectionLike>[]): Map<string, SectionLike> {
  let index = byTx.get(sections);
  if (!index) {
    index = new Map();
    for (const item of sections) {
      const data = dataOf(item);
      index.set(data.tx, data);
    }
    byTx.set(sections, index);
  }
  return index;
}

/**
 * Builds the section hierarchy from `par` (a section whose parent is missing becomes a root).
 * Siblings are ordered by `rlv` (importance, highest first), then by `id`.
 */
export function buildSectionTree<T extends WithData<SectionLike>>(
  sections: readonly T[],
): SectionTreeNode<T>[] {
  const nodes = new Map<string, SectionTreeNode<T>>();
  for (const entry of sections) {
    const data = dataOf(entry);
    nodes.set(data.tx, { id: data.tx, data, entry, depth: 0, children: [] });
  }
  const roots: SectionTreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.data.par ? nodes.get(node.data.par) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = (a: SectionTreeNode<T>, b: SectionTreeNode<T>) =>
    b.data.rlv - a.data.rlv || a.data.id - b.data.id;
  // Iterative walk: sets depths, sorts siblings and cannot loop on a `par` cycle.
  const visited = new Set<SectionTreeNode<T>>();
  const stack = roots.sort(order).map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (visited.has(node)) continue;
    visited.add(node);
    node.depth = depth;
    node.children = node.children.filter((child) => !visited.has(child)).sort(order);
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
  return roots;
}

export interface Breadcrumb {
  /** Entry id: a section's `tx`, or the entry's own id for the last crumb of a product/article. */
  id: string;
  label: string;
  /** Relative URL. */
  url: string;
}

interface CrumbSource {
  id?: number | string;
  zag?: string;
  url?: string;
  tx?: string;
  parent?: string | null;
  section?: string | null;
}

/**
 * The trail from the root section down to `entry` (a section, product or article entry or data),
 * the entry itself last. Products and articles hang below their `section`.
 */
export function breadcrumbsFor(
  entry: WithData<CrumbSource>,
  sections: readonly WithData<SectionLike>[],
): Breadcrumb[] {
  const data = dataOf(entry);
  const index = sectionIndex(sections);
  const trail: Breadcrumb[] = [];
  let current: string | null | undefined;
  if (typeof data.tx === 'string' && 'parent' in data) {
    const self = index.get(data.tx);
    trail.push({ id: data.tx, label: data.zag ?? self?.zag ?? data.tx, url: data.url ?? self?.url ?? '' });
    current = data.parent ?? (self?.par || null);
  } else {
    const ownId = 'id' in entry && 'data' in entry ? entry.id : String(data.id ?? '');
    trail.push({ id: String(ownId), label: data.zag ?? '', url: data.url ?? '' });
    current = data.section;
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

export interface ImageUrls {
  id: number;
  /** Absolute URL of the normal-size image. */
  src: string;
  small: string;
  big: string;
  /** Alt text: the product's title. */
  alt: string;
}

/** Absolute URLs of a product's photos, in the service's order (the first is the main photo). */
export function imageUrls(
  product: WithData<{ zag?: string; img: readonly ProductImageData[] }>,
): ImageUrls[] {
  const data = dataOf(product);
  return data.img.map((image) => ({
    id: image.id,
    src: image.urls.image,
    small: image.urls.small,
    big: image.urls.big,
    alt: data.zag ?? '',
  }));
}
