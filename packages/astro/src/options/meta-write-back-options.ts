/** The `metaWriteBack` option of `siteContent()` and the types its `desired()` function sees. */
import type { DesiredMetaEntry } from '@sitecontent/client';
import { z } from 'zod';
import type { ArticleData, ProductData, SectionData } from '../entries/schemas.js';
import { concurrencyField } from './fields.js';

/** The meta a page should have (same shape as a `sitecontent meta` file entry). */
export type DesiredMeta = DesiredMetaEntry;

/** An entry as `getCollection()` gives it (without `body`), plus its collection name. */
export interface SiteContentEntry<D> {
  id: string;
  collection: string;
  data: D;
  /** The record's sanitized HTML body (`txt`), as `render(entry)` shows it. */
  rendered?: { html: string } | undefined;
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

export const metaWriteBackOptionSchema = z.strictObject({
  desired: z.custom<MetaWriteBackOption['desired']>((v) => typeof v === 'function', 'expected a function'),
  concurrency: concurrencyField.optional(),
  failOnError: z.boolean().optional(),
});
