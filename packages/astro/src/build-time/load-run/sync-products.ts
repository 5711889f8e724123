/** The sync's `goods/Get`, read once for the products and modifications loaders of one filter: the largest answer. */
import type { CallOptions, Product, SiteContentClient } from '@sitecontent/client';
import type { CatalogFilterOptions } from '../../options/loader-shapes.js';
import type { SyncScope } from '../../project/sync-scope.js';
import { EnoughInvalidRecords, INVALID_RECORDS_TO_FAIL, InvalidRecords } from './invalid-records.js';

/** One `goods/Get` answer, with its invalid records for each loader to judge by its own policy. */
export interface SyncProducts {
  products: Product[];
  /** Every invalid product record (the products loader's to judge). */
  invalid: InvalidRecords;
  /** Invalid product records without a usable id: their modifications cannot be asked for. */
  idless: InvalidRecords;
  /** Ids of the invalid product records that have one: their modifications can still be asked for. */
  invalidIds: number[];
}

/** The sync's `goods/Get`: its body digest, and its records typed when a loader first asks. */
export interface ProductsAnswer {
  bodyDigest: string;
  /** The origin the photos are checked against when typed (`https://<domain>`). */
  imageOrigin: string;
  /** Records in the answer before typing: as many products at most. */
  rowCount: number;
  /** Every record typed, with the invalid ones. */
  typed(): Promise<SyncProducts>;
  /** The same typing a slice at a time (`ListAnswer.slices`): a loader starts on the first slice while the rest is typed. */
  slices(): AsyncIterable<Product[]>;
}

/** How the shared read counts invalid records; a loader that fails on them asks it to stop early. */
interface ReadPolicy {
  stopAt: number;
}

/** How one loader asks for the sync's products. */
export interface ProductsRead {
  /** Typing may stop at `INVALID_RECORDS_TO_FAIL` (the loader fails on invalid records). */
  failOnInvalid: boolean;
  /** The whole catalog's answer gets one attempt of this long (see `readProducts`). */
  wholeCatalogMs?: number | undefined;
  /** The body digest of the answer the loader's last sync typed: the same body is parsed only when typed. */
  knownBodyDigest?: string | undefined;
}

/** The products of `filter` for this sync, read once for every loader that asks (the first one's read applies). */
export function syncProducts(
  client: SiteContentClient,
  sync: SyncScope,
  filter: CatalogFilterOptions,
  { failOnInvalid, wholeCatalogMs, knownBodyDigest }: ProductsRead,
): Promise<ProductsAnswer> {
  const name = `goods/Get ${JSON.stringify(filter)}`;
  const policy = sync.value<ReadPolicy>(name, () => ({ stopAt: Number.POSITIVE_INFINITY }));
  if (failOnInvalid) policy.stopAt = INVALID_RECORDS_TO_FAIL;
  // No call signal: one loader failing must not cancel what the other waits for.
  return sync.once(name, () => readProducts(client, filter, policy, wholeCatalogMs, knownBodyDigest));
}

async function readProducts(
  client: SiteContentClient,
  filter: CatalogFilterOptions,
  policy: ReadPolicy,
  wholeCatalogMs: number | undefined,
  knownBodyDigest: string | undefined,
): Promise<ProductsAnswer> {
  // The whole catalog in one answer gets one attempt's time, not retried past it: an answer that
  // slow is a large catalog, which the products loader then reads section by section in bounded
  // bodies, rather than waiting again for the same body (a 300,000-product one took over 30 s).
  const whole = filter.catid === undefined && filter.cattx === undefined;
  const answer = await client.products.read(filter, {
    ...(whole && wholeCatalogMs !== undefined ? { timeoutMs: wholeCatalogMs } : {}),
    ...(knownBodyDigest === undefined ? {} : { knownBodyDigest }),
  });
  // Typing checks the photos against this origin; entries store it, not the URLs: the pages'
  // helpers make them. Asked after the read, by when the sync's own asking for it has its answer.
  const origin = await client.site.origin();
  const typing = productTyping(policy);
  return {
    bodyDigest: answer.bodyDigest,
    imageOrigin: origin,
    // Read only by a loader that does not keep its entries: a known body is parsed then.
    get rowCount() {
      return answer.rowCount;
    },
    typed: async () => ({ products: await answer.records(typing.options), ...typing.invalid }),
    slices: () => answer.slices(typing.options),
  };
}

/** How the answer is typed, the same for both loaders, and the invalid records it collects. */
function productTyping(policy: ReadPolicy): {
  options: CallOptions;
  invalid: Omit<SyncProducts, 'products'>;
} {
  const invalid = new InvalidRecords();
  const idless = new InvalidRecords();
  const invalidIds: number[] = [];
  const options: CallOptions = {
    onInvalidRecord: (report) => {
      invalid.add(report);
      // A product record that fails validation (say, a bad colour in its `sku` summary) still has
      // modifications of its own, which can be asked for by its id.
      const id = Number(report.recordId);
      if (Number.isSafeInteger(id) && id > 0) invalidIds.push(id);
      else idless.add(report);
      if (invalid.count >= policy.stopAt) {
        throw new EnoughInvalidRecords(`${invalid.count} invalid records`, invalid);
      }
    },
  };
  return { options, invalid: { invalid, idless, invalidIds } };
}
