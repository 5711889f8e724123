/**
 * The purge endpoint's body, said once for both sides: the astro endpoint checks with it, and
 * `PurgeTargets` is what `purgePages` and `sitecontent purge` send. A misspelled key is an error.
 */
import { z } from 'zod';
import { PAGE_KINDS, type PageKind } from '../schemas/page-kinds.js';

/** The most names one list may hold. */
export const MAX_PURGE_NAMES = 1000;

const recordId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9][0-9]{0,15}$/, 'expected a record id (a positive whole number)'));
const sectionId = z.string().regex(/^[^\s,]{1,256}$/, 'expected a section tx (no spaces or commas)');
const ids = <T extends z.ZodType>(id: T) =>
  z.array(id).max(MAX_PURGE_NAMES, `at most ${MAX_PURGE_NAMES}`).optional();

const pageIds = {
  products: ids(recordId),
  sections: ids(sectionId),
  articles: ids(recordId),
} satisfies Record<PageKind, unknown>;

export const purgeBodySchema = z
  .strictObject({
    ...pageIds,
    tags: ids(z.string().regex(/^[^\s,]{1,256}$/, 'expected a tag (no spaces or commas)')),
  })
  .refine((b) => Object.values(b).some((list) => list && list.length > 0), {
    message: 'names nothing to purge: give ids under products, articles or sections, or tags',
  });

/** The body's fields, in the order an error lists them. */
export const PURGE_BODY_FIELDS = [...PAGE_KINDS, 'tags'] as const;
