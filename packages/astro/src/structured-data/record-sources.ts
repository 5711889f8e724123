/** The entry fields the structured-data builders read, as the loaders store them. */
import type { ChangeTime } from '../entries/last-changed.js';
import type { ModificationData, ProductData, Seo } from '../entries/schemas.js';

/** The product fields the builder reads, as the products loader stores them. */
export type ProductSource = Pick<ProductData, 'id' | 'zag' | 'stxt' | 'vendor' | 'sku' | 'img' | 'url'> & {
  seo?: Seo | undefined;
} & ChangeTime;

/** The modification fields the builder reads, as the modifications loader stores them. */
export type ModificationSource = Pick<
  ModificationData,
  'id' | 'price' | 'price_old' | 'articul' | 'stxt' | 'color' | 'sf'
> &
  ChangeTime;
