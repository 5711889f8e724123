/**
 * How the products loader reads the catalog (docs/architecture.md, "Large catalogs"): in one
 * `goods/Get` while its answer is small, section by section (`goods/Get?catid=`) once the last
 * sync found it large, or once the one answer is over the client's size cap. The interface has no
 * paging and no counts, so what the last sync read is kept in the collection's meta store: how many
 * products, each section's body digest (or the one answer's), and the `catid`s it found products in
 * that are no section.
 */
import type { LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import type { CatalogFilterOptions } from '../../options/loader-shapes.js';

/** Key, in the products collection's meta store, of what the last sync read (`CatalogReadMemory`). */
export const CATALOG_READ_META_KEY = 'sitecontent:catalog-read';

/**
 * Products from which the next sync reads section by section. At about 500 bytes a product on the
 * wire, one answer of this many is some 25 MB, a quarter of the default size cap; below, one request
 * is cheaper and finds every product wherever its `catid` points.
 */
export const LARGE_CATALOG_PRODUCTS = 50_000;

const memorySchema = z.object({
  /** Products the last sync read (valid records). */
  products: z.number().int().nonnegative(),
  /** `catid`s the last sync found products in that are not among the valid sections (0 included). */
  extraCatids: z.array(z.number().int().nonnegative()),
  /** Section id → body digest of its `goods/Get?catid=`, when the last sync read section by section. */
  sections: z.record(z.string(), z.string()),
  /**
   * Body digest of the whole catalog's `goods/Get` the last sync typed, when it read it in one: the
   * same body again is parsed only if the stored entries cannot be kept (none in an older memory).
   */
  wholeDigest: z.string().optional(),
});

/** What the last sync of the products collection read. */
export type CatalogReadMemory = z.infer<typeof memorySchema>;

/** What the last sync read, or `undefined` (none, or written by another version: read as if new). */
export function rememberedRead(meta: Pick<LoaderContext['meta'], 'get'>): CatalogReadMemory | undefined {
  const text = meta.get(CATALOG_READ_META_KEY);
  if (text === undefined) return undefined;
  try {
    const parsed = memorySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether to read section by section from the start: no filter of the user's, and a large catalog last time. */
export function readsBySection(filter: CatalogFilterOptions, memory: CatalogReadMemory | undefined): boolean {
  return isWholeCatalog(filter) && memory !== undefined && memory.products >= LARGE_CATALOG_PRODUCTS;
}

/** Whether the filter asks for the whole catalog (a `catid` or `cattx` filter is one section's read already). */
export const isWholeCatalog = (filter: CatalogFilterOptions): boolean =>
  filter.catid === undefined && filter.cattx === undefined;

/**
 * The `catid`s a section-by-section read asks: every valid section, 0 (products in no section), every
 * invalid section record's id, and the other `catid`s the last sync found products in. A product
 * whose `catid` names none of these is not read (docs: "Large catalogs", the remaining gap).
 */
export function catidsToRead(
  sectionIds: readonly number[],
  invalidSectionIds: readonly number[],
  memory: CatalogReadMemory | undefined,
): number[] {
  const catids = new Set<number>([...sectionIds, 0, ...invalidSectionIds, ...(memory?.extraCatids ?? [])]);
  return [...catids].sort((a, b) => a - b);
}

/** Keeps `memory` where the next sync's `rememberedRead()` finds it. */
export function rememberRead(
  store: { remember(key: string, value: string): void },
  memory: CatalogReadMemory,
): void {
  store.remember(CATALOG_READ_META_KEY, JSON.stringify(memory));
}

/** `catid`s the products were found in that are not valid sections: the next section-by-section read asks them. */
export function extraCatids(found: Iterable<number>, isSection: (catid: number) => boolean): number[] {
  return [...new Set(found)].filter((catid) => !isSection(catid)).sort((a, b) => a - b);
}

/** What a section-by-section read learns as its sections come in: the next sync's memory. */
export class SectionReadTally {
  readonly #digests: [number, string][] = [];
  readonly #found: number[] = [];
  #products = 0;

  /** Notes one section's answer: its body digest and how many products it held. */
  add(catid: number, bodyDigest: string, products: number): void {
    this.#digests.push([catid, bodyDigest]);
    if (products > 0) this.#found.push(catid);
    this.#products += products;
  }

  /** The sections' body digests in read order, as one text: what this load's entries were made of. */
  get bodies(): string {
    return JSON.stringify(this.#digests);
  }

  /** The memory of this read, for the next sync. */
  memory(isSection: (catid: number) => boolean): CatalogReadMemory {
    return {
      products: this.#products,
      extraCatids: extraCatids(this.#found, isSection),
      sections: Object.fromEntries(this.#digests.map(([catid, digest]) => [String(catid), digest])),
    };
  }
}
