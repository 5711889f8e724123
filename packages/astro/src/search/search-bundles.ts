/**
 * A search index split by top-level section (the `split: 'top-section'` search option; a catalog
 * under one root splits by the root's subsections, see `splitSections`). Pagefind
 * holds an index in memory until it is written, about 31 KB a product (bench/search-report.md), so
 * a catalog of a million products does not fit one index on a build machine. Split, each top
 * section's records go to a bundle of their own under `<path>/sections/<folder>/`, written before
 * the next but one starts, and everything else (articles, products outside any section) to
 * `<path>/other/`; `<path>/bundles.json` names them. A browser reads the manifest, loads one bundle
 * for a section's listing, or merges them all (Pagefind's `mergeIndex`) to search the catalog.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteContentSearchIndexError } from '../errors/search-index-error.js';
import { type OpenSearchIndex, openSearchIndex, type SearchIndexSummary } from './search-index.js';
import type { SearchRecord } from './search-records.js';

/** The manifest's file name inside the index's folder. */
export const BUNDLE_MANIFEST = 'bundles.json';

/** The bundle of what is in no top section (articles, products outside the tree). */
export const OTHER_BUNDLE = 'other/';

/** One bundle of a split index, as the manifest names it. */
export interface SearchBundle {
  /** The bundle's folder, relative to the manifest, ending in `/` (what Pagefind's `basePath` takes). */
  path: string;
  /** The top section's name, as the `section` filter states it; absent for the `other/` bundle. */
  section?: string;
  /** The top section's `tx`; absent for the `other/` bundle. */
  tx?: string;
  /** Records in the bundle. */
  records: number;
}

/** `bundles.json`: what a browser needs to know to load a split index. */
export interface SearchBundleManifest {
  split: 'top-section';
  /** Every bundle with records, top sections in catalog order, `other/` last. */
  bundles: SearchBundle[];
}

/** The records of one bundle: a top section's, or (without `section`) the rest. */
export interface SearchBundleGroup {
  section?: { tx: string; name: string } | undefined;
  records: Iterable<SearchRecord> | AsyncIterable<SearchRecord>;
}

/** What writing a split index did. */
export interface SplitSearchIndexSummary extends SearchIndexSummary {
  bundles: SearchBundle[];
}

/** What `splitSections` needs of a section. */
export interface SectionLink {
  tx: string;
  par: string;
  zag: string;
}

/**
 * The section each section's records are filed under in a split index, by `tx`: the top-level
 * sections, except that when only one of them has subsections (a catalog under one root beside
 * content sections such as a blog) its subsections take its place, and so on down while that one
 * is its parent's only child. A section above that level (the one root) is absent: its own
 * products go to the `other/` bundle. From the tree alone, so a build and
 * a section-by-section read, which knows no products before it reads them, split alike.
 */
export function splitSections<T extends SectionLink>(sections: readonly T[]): Map<string, T> {
  const byTx = new Map(sections.map((s) => [s.tx, s]));
  const children = new Map<string, T[]>();
  for (const section of sections) {
    const parent = section.par && section.par !== section.tx ? byTx.get(section.par) : undefined;
    if (!parent) continue;
    const siblings = children.get(parent.tx) ?? [];
    siblings.push(section);
    children.set(parent.tx, siblings);
  }
  // Roots: no parent in the tree. A `par` cycle has none; its sections are filed under nothing.
  let level = sections.filter((s) => !(s.par && s.par !== s.tx && byTx.has(s.par)));
  const above = new Set<string>();
  for (let top = true; ; top = false) {
    const branching = level.filter((s) => (children.get(s.tx)?.length ?? 0) > 0);
    if (branching.length !== 1) break;
    const [only] = branching as [T];
    // Below the roots, only a section that is its parent's one child is a level to look through
    // (root → shop → departments); one department with subsections among leaves is not.
    if (!top && children.get(only.par)?.length !== 1) break;
    above.add(only.tx);
    level = [...level.filter((s) => s !== only), ...(children.get(only.tx) ?? [])];
  }
  const filed = new Map<string, T>();
  const stack = level.map((s) => [s, s] as const);
  while (stack.length > 0) {
    const [section, split] = stack.pop() as readonly [T, T];
    if (filed.has(section.tx) || above.has(section.tx)) continue;
    filed.set(section.tx, split);
    for (const child of children.get(section.tx) ?? []) stack.push([child, split]);
  }
  return filed;
}

/**
 * A top section's folder: its `tx` when that is a plain slug, else a digest of it (a `tx` may hold
 * what a folder or URL path cannot), under `sections/` so no `tx` can name the `other/` bundle.
 */
export function sectionBundlePath(tx: string): string {
  const folder = /^[A-Za-z0-9_-]{1,64}$/.test(tx)
    ? tx
    : `tx-${createHash('sha256').update(tx).digest('hex').slice(0, 16)}`;
  return `sections/${folder}/`;
}

/**
 * Writes one bundle per group into `outputPath` (replacing what was there) and the manifest last,
 * so a manifest never names a bundle that is not written. A group's records are all taken before
 * the next group is read (groups may share one stream, as a section-by-section read does). With
 * `inMemory` above 1 a bundle is written while the next is fed; it is 1 by default because
 * Pagefind's one process per Node process answers one request at a time, so the overlap saved no
 * time and held twice the memory (bench/search-report.md).
 */
export async function writeSplitSearchIndex(
  groups: Iterable<SearchBundleGroup> | AsyncIterable<SearchBundleGroup>,
  outputPath: string,
  inMemory = 1,
): Promise<SplitSearchIndexSummary> {
  const started = performance.now();
  await rm(outputPath, { recursive: true, force: true });
  const bundles: SearchBundle[] = [];
  const writing = new Set<Promise<unknown>>();
  const failures: unknown[] = [];
  const seen = new Set<string>();
  try {
    for await (const group of groups) {
      while (writing.size >= inMemory) await Promise.race(writing);
      if (failures.length > 0) break;
      const bundlePath = group.section ? sectionBundlePath(group.section.tx) : OTHER_BUNDLE;
      if (seen.has(bundlePath))
        throw new SiteContentSearchIndexError(outputPath, [`two groups of records for ${bundlePath}`]);
      seen.add(bundlePath);
      const index = await openSearchIndex(path.join(outputPath, bundlePath));
      const records = await feed(index, group.records);
      if (records === 0) {
        await index.discard();
        continue;
      }
      const bundle: SearchBundle = { path: bundlePath, records };
      if (group.section) Object.assign(bundle, { section: group.section.name, tx: group.section.tx });
      bundles.push(bundle);
      const job = index.write(path.join(outputPath, bundlePath)).then(
        () => undefined,
        (error: unknown) => void failures.push(error),
      );
      writing.add(job);
      void job.then(() => writing.delete(job));
    }
  } finally {
    await Promise.all(writing);
  }
  if (failures.length > 0) throw failures[0];
  const ordered = [...bundles.filter((b) => b.section !== undefined), ...bundles.filter((b) => !b.section)];
  const manifest: SearchBundleManifest = { split: 'top-section', bundles: ordered };
  await mkdir(outputPath, { recursive: true });
  await writeFile(path.join(outputPath, BUNDLE_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return {
    records: ordered.reduce((n, b) => n + b.records, 0),
    outputPath,
    ms: Math.round(performance.now() - started),
    bundles: ordered,
  };
}

/** Feeds a group's records, freeing the index if that fails. */
async function feed(index: OpenSearchIndex, records: SearchBundleGroup['records']): Promise<number> {
  try {
    return await index.add(records);
  } catch (error) {
    await index.discard();
    throw error;
  }
}
