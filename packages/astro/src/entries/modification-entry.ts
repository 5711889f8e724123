/** A modification record as a collection entry. */
import type { Modification } from '@sitecontent/client';
import { knownKeys, withExtra } from './extra-fields.js';
import { type ModificationData, modificationDataSchema } from './schemas.js';

const MODIFICATION_KEYS = knownKeys(modificationDataSchema);

/** Entry data of a modification; `product` refers to its product in the collection named `products`. */
export function buildModificationEntry<P extends string>(
  modification: Modification,
  products: P,
): { data: ModificationData<P> } {
  const product = { collection: products, id: String(modification.goods_id) };
  return { data: { ...withExtra(modification, MODIFICATION_KEYS), product } as ModificationData<P> };
}
