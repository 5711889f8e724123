/** The `metaWriteBack` option of `siteContent()` and the types its `desired()` function sees. */
import type { DesiredMetaEntry } from '@sitecontent/client';
import { z } from 'zod';
import type { ArticleData, ProductData, SectionData } from '../entries/schemas.js';
import { concurrencyField, functionField } from './fields.js';

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

export const metaWriteBackOptionSchema = z.strictObject({
  /** Returns the meta every page should have, from the loaded entries; only the fields given are enforced. */
  desired: functionField<(entries: MetaWriteBackEntries) => DesiredMeta[] | Promise<DesiredMeta[]>>(),
  // These two default in the client's `runMetaWriteBack` (META_WRITE_BACK_DEFAULTS), which runs the write-back.
  /** Pages read and written at the same time (within the shared client's `concurrency`). @default 8 */
  concurrency: concurrencyField.optional(),
  /** Fail the build when a page's meta could not be read or written (after logging each). @default true */
  failOnError: z.boolean().optional(),
});

/** The `metaWriteBack` option of `siteContent()`. @interface */
export type MetaWriteBackOption = z.input<typeof metaWriteBackOptionSchema>;
