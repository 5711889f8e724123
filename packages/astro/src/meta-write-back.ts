/**
 * Build-time meta write-back (issue 5, "From an Astro build"): at `astro:build:done` the integration
 * hands the entries the loaders loaded to the user's `desired()` function, then validates, plans,
 * logs the plan and applies it — the last step only when `SITECONTENT_WRITE=1` is set — through
 * `runMetaWriteBack` of `@sitecontent/client` (packages/client/META.md, "Build-time write-back").
 *
 * Where the entries come from: the loaders hand their collection's stored entries to the shared
 * per-project registry (`recordLoaded` in connection.ts) at the end of every sync, keep-stale
 * included. Reading `<cacheDir>/data-store.json` instead would need Astro's internal store class
 * (not in its export map) and its devalue file format, and would not say which loader filled a
 * collection (collection names are the user's); the registry gives the exact parsed `data` (dates
 * as `Date`) of this build, keyed by loader kind, with no file I/O and no Astro internals.
 */
import { type DesiredMetaEntry, type MetaWriteBackLogger, runMetaWriteBack } from '@sitecontent/client';
import { z } from 'zod';
import { type LoadedEntry, loadedCollections, resolveConnection, sharedClient } from './connection.js';
import type { ArticleData, ProductData, SectionData } from './schemas.js';

/** The meta a page should have (same shape as a `sitecontent meta` file entry). */
export type DesiredMeta = DesiredMetaEntry;

/** An entry as `getCollection()` gives it (without `body`/`rendered`), plus its collection name. */
export interface SiteContentEntry<D> {
  id: string;
  collection: string;
  data: D;
}

/** What the loaders loaded in this build; several collections of one kind are merged (first id wins). */
export interface MetaWriteBackEntries {
  products: SiteContentEntry<ProductData>[];
  sections: SiteContentEntry<SectionData>[];
  articles: SiteContentEntry<ArticleData>[];
}

export interface MetaWriteBackOption {
  /**
   * Returns the meta every page should have, computed from the loaded entries. Only the fields you
   * give are enforced; pages already in that state are not written.
   */
  desired: (entries: MetaWriteBackEntries) => DesiredMeta[] | Promise<DesiredMeta[]>;
  /** Pages read and written at the same time (within the shared client's `concurrency`). @default 8 */
  concurrency?: number;
  /** Fail the build when a page's meta could not be read or written (after logging each). @default true */
  failOnError?: boolean;
}

/** The environment variable that turns the dry run into a write (`SITECONTENT_WRITE=1`). */
export const META_WRITE_ENV = 'SITECONTENT_WRITE';

export const metaWriteBackOptionSchema = z.strictObject({
  desired: z.custom<MetaWriteBackOption['desired']>((v) => typeof v === 'function', 'expected a function'),
  concurrency: z.number().int().min(1).max(256).optional(),
  failOnError: z.boolean().optional(),
});

/** Entries of every collection of `kind`, merged by entry id (first collection wins). */
function entriesOf(root: URL, kind: string): LoadedEntry[] {
  const byId = new Map<string, LoadedEntry>();
  for (const loaded of loadedCollections(root).values()) {
    if (loaded.kind !== kind) continue;
    for (const entry of loaded.entries) if (!byId.has(entry.id)) byId.set(entry.id, entry);
  }
  return [...byId.values()];
}

/** Runs the write-back for the project at `root` (called from `astro:build:done`). */
export async function runBuildMetaWriteBack(
  root: URL,
  option: MetaWriteBackOption,
  logger: MetaWriteBackLogger,
) {
  const entries = {
    products: entriesOf(root, 'products'),
    sections: entriesOf(root, 'sections'),
    articles: entriesOf(root, 'articles'),
  } as unknown as MetaWriteBackEntries;
  const write = process.env[META_WRITE_ENV] === '1';
  const loaded = entries.products.length + entries.sections.length + entries.articles.length;
  if (loaded === 0) {
    logger.warn(
      'meta write-back: no products, sections or articles were loaded by @sitecontent/astro loaders',
    );
  }
  logger.info(
    `meta write-back (${write ? 'write' : 'dry run'}): desired meta from ${entries.products.length} products, ` +
      `${entries.sections.length} sections, ${entries.articles.length} articles`,
  );
  const desired = await option.desired(entries);
  const client = sharedClient(resolveConnection('metaWriteBack', {}, root), root, logger);
  return runMetaWriteBack({
    client,
    desired,
    write,
    logger,
    dryRunHint: `set ${META_WRITE_ENV}=1 to apply them`,
    ...(option.concurrency === undefined ? {} : { concurrency: option.concurrency }),
    ...(option.failOnError === undefined ? {} : { failOnError: option.failOnError }),
  });
}
