/**
 * What `sitecontent set|create|delete` do to each kind of record: read it as it is now, send the
 * write, and name the pages that show it for the purge (its own page and the section listing it is in,
 * before and after a move), as the change detector names them (changes/change.ts).
 */
import type { SiteContentClient } from '../client.js';
import type { OperationName } from '../http/operations.js';
import { purgeTargetsOfMeta } from '../purge/meta-purge.js';
import type { PurgeTargets } from '../purge/purge-request.js';
import type { ParamValue, WritableResource } from '../schemas/fields.js';

/** The kinds of record `set`, `create` and `delete` name, as the command line spells them. */
export const RECORD_KINDS = ['product', 'modification', 'section', 'article'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The kinds `set` takes: the records, and a page's meta (`set meta MODULE ID`). */
export type SetKind = RecordKind | 'meta';

/** The fields to write, typed. */
export type Fields = Record<string, ParamValue>;

/** A record's fields as the service has them now (`undefined`: not there). */
export type Current = Record<string, unknown>;

interface KindSpec {
  resource: WritableResource;
  update: OperationName;
  create?: OperationName;
  /** The read that finds the record now. */
  read: OperationName;
}

export const KIND_SPECS: Record<SetKind, KindSpec> = {
  product: { resource: 'products', update: 'goods/Set', create: 'goods/Write', read: 'goods/Get' },
  modification: {
    resource: 'modifications',
    update: 'goods/SkuSet',
    create: 'goods/SkuWrite',
    read: 'goods/SkuGet',
  },
  section: { resource: 'sections', update: 'dir/Set', create: 'dir/Write', read: 'dir/Get' },
  article: { resource: 'articles', update: 'article/Update', create: 'article/Write', read: 'article/Get' },
  meta: { resource: 'meta', update: 'meta/Set', read: 'meta/Get' },
};

/** Where a record is: its id, and for meta the module of the page. */
export interface RecordRef {
  kind: SetKind;
  id: number;
  md?: string;
}

/** `product 12`, `meta goods 12`: how messages name a record. */
export const recordName = (ref: RecordRef): string =>
  ref.kind === 'meta' ? `meta ${ref.md} ${ref.id}` : `${ref.kind} ${ref.id}`;

/** The record as the service has it now; `undefined` when there is none with that id. */
export async function readRecord(client: SiteContentClient, ref: RecordRef): Promise<Current | undefined> {
  const { id } = ref;
  switch (ref.kind) {
    case 'product':
      return first(await client.products.list({ id }));
    case 'modification': {
      // goods/SkuGet needs the product; the products' own `sku` lists name it.
      const product = (await client.products.list()).find((p) => p.sku.some((sku) => sku.id === id));
      return product && first(await client.modifications.list({ goodsId: product.id, id }));
    }
    case 'section':
      return first(await client.sections.list({ id }));
    case 'article':
      return first(await client.articles.list({ id }));
    case 'meta':
      // A page whose meta was never set has every field empty (meta/Get answers `[]`).
      return { ...(await client.meta.get(ref.md ?? '', id)) };
  }
}

const first = <T extends object>(records: readonly T[]): Current | undefined =>
  records[0] as Current | undefined;

/** Sends the update. */
export async function updateRecord(client: SiteContentClient, ref: RecordRef, fields: Fields): Promise<void> {
  switch (ref.kind) {
    case 'product':
      await client.products.update(ref.id, fields);
      return;
    case 'modification':
      await client.modifications.update(ref.id, fields);
      return;
    case 'section':
      await client.sections.update(ref.id, fields);
      return;
    case 'article':
      await client.articles.update(ref.id, fields);
      return;
    case 'meta':
      await client.meta.update(ref.md ?? '', ref.id, fields);
      return;
  }
}

/** Sends the create; resolves with the new record's id. `goodsId` is the product of a new modification. */
export async function createRecord(
  client: SiteContentClient,
  kind: RecordKind,
  fields: Fields,
  goodsId?: number,
): Promise<number> {
  switch (kind) {
    case 'product':
      return (await client.products.create(fields)).id;
    case 'modification':
      return (await client.modifications.create(goodsId ?? -1, fields)).id;
    case 'section':
      return (await client.sections.create(fields)).id;
    case 'article':
      return (await client.articles.create(fields)).id;
  }
}

/**
 * The pages that show a record written: `before` as it was (absent for a new one), `fields` what was
 * written, `id` its id (a new record's too). Asked only when a purge follows, as it may read the
 * sections' addresses.
 */
export async function pagesOfWrite(
  client: SiteContentClient,
  ref: RecordRef,
  before: Current | undefined,
  fields: Fields,
): Promise<PurgeTargets> {
  const sectionTx = async (catid: unknown): Promise<string[]> => {
    if (typeof catid !== 'number') return [];
    const tx = first(await client.sections.list({ id: catid }))?.tx;
    return typeof tx === 'string' && tx !== '' ? [tx] : [];
  };
  const moved = async (field: string): Promise<string[]> =>
    fields[field] !== undefined && fields[field] !== before?.[field] ? sectionTx(fields[field]) : [];
  const texts = (...values: unknown[]): string[] =>
    values.filter((v): v is string => typeof v === 'string' && v !== '');
  switch (ref.kind) {
    case 'product':
      return {
        products: [String(ref.id)],
        sections: [...texts(before?.cattx), ...(await moved('catid'))],
      };
    case 'modification': {
      // A variant shows on its product's page and, by its price, in the product's section listing.
      const goodsId = before?.goods_id ?? fields.goods_id;
      const product =
        typeof goodsId === 'number' ? first(await client.products.list({ id: goodsId })) : undefined;
      return { products: product ? [String(goodsId)] : [], sections: texts(product?.cattx) };
    }
    case 'section':
      return { sections: [...new Set(texts(before?.tx, fields.tx, fields.par))] };
    case 'article':
      return {
        articles: [String(ref.id)],
        sections: [...new Set([...(await sectionTx(before?.catid)), ...(await moved('catid'))])],
      };
    case 'meta':
      return purgeTargetsOfMeta([{ md: ref.md ?? '', id: ref.id }], async (id) => (await sectionTx(id))[0]);
  }
}
