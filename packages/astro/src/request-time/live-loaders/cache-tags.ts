/**
 * The cache tags of live entries, one scheme for loaders, purge and in-process caches: `sitecontent`,
 * `sitecontent:<kind>`, `sitecontent:<kind>:<id>` (by entry id), `sitecontent:sitemaps`.
 */
export const CACHE_TAG = 'sitecontent';

/** The collection kinds whose entries carry tags: the kinds with pages, the keys of a purge body. */
export { PAGE_KINDS as TAGGED_KINDS, type PageKind as TaggedKind } from '@sitecontent/client/internal';

/**
 * The tag of every product sitemap file and index: a file lists up to 50,000 products, too many to
 * tag one by one, so a purge that names any product or section purges the sitemaps with it.
 */
export const SITEMAPS_TAG = `${CACHE_TAG}:sitemaps`;

/**
 * The index's own tag, beside `SITEMAPS_TAG`: a file that finds its section fills more files than
 * the index listed purges the index alone, so the next one lists them.
 */
export const SITEMAP_INDEX_TAG = `${SITEMAPS_TAG}:index`;

export const kindTag = (kind: string): string => `${CACHE_TAG}:${kind}`;
export const entryTag = (kind: string, id: string): string => `${CACHE_TAG}:${kind}:${id}`;

/** Cache tags of one entry: all Site Content data, the collection kind, the entry. */
export function entryTags(kind: string, id: string): string[] {
  return [CACHE_TAG, kindTag(kind), entryTag(kind, id)];
}

/** What a tag names: everything, a whole kind, or one entry; `undefined` for a tag not of this scheme. */
export type TagScope = { all: true } | { kind: string; id?: string };

export function tagScope(tag: string): TagScope | undefined {
  if (tag === CACHE_TAG) return { all: true };
  if (!tag.startsWith(`${CACHE_TAG}:`)) return undefined;
  const rest = tag.slice(CACHE_TAG.length + 1);
  const colon = rest.indexOf(':');
  return colon === -1 ? { kind: rest } : { kind: rest.slice(0, colon), id: rest.slice(colon + 1) };
}
