/**
 * Zod schemas of the stored entries: the single source of their shape and of the types pages get.
 * They describe the client's typed records plus what the loaders add (references, `url`, `seo`).
 * The HTML body (`txt`) is the entry's `rendered.html`, not in `data`. Every object is closed; fields
 * the service sends beyond them are under `extra` (docs/architecture.md, "Entries").
 */
import { z } from 'zod';

/** Fields the service sent that this package does not know, as the client read them. */
export const extraFieldsSchema = z.record(z.string(), z.unknown());

/** A reference to an entry of another collection, in the shape Astro's `reference()` stores. */
export interface EntryReference<C extends string> {
  collection: C;
  id: string;
}

/** A reference to an entry of `collection`, stored like Astro's `reference()`, so `getEntry(ref)` is typed. */
export function entryReferenceSchema<C extends string>(collection: C) {
  return z.object({ collection: z.literal(collection), id: z.string() });
}

/**
 * What the service's meta tags (`meta/Get`) gave, as plain text; a field is absent when they gave
 * nothing. The rest of a page's head is derived at render time by `pageSeo()`.
 */
export const seoSchema = z.object({
  /** Meta `ttl`: the page title. */
  title: z.string().optional(),
  /** Meta `dsc`: the meta description. */
  description: z.string().optional(),
  /** Meta `kwd`: the meta keywords. */
  keywords: z.string().optional(),
  /** Meta `og_title`, which the interface defines as the OpenGraph description. */
  ogDescription: z.string().optional(),
  /** Meta `og_image` as sent (trimmed), kept only when it names an image on the site. */
  ogImage: z.string().optional(),
});
export type Seo = z.infer<typeof seoSchema>;

/**
 * Whether entries carry `seo`, as the loader's `seo` option says: `'always'`, `'never'` (`data.seo` is
 * then a type error), or `'optional'` when the option is not known to the types.
 */
export type SeoPresence = 'always' | 'never' | 'optional';

/** The `seo` option's value as written in a loader call: `true`, `false`, `{ maxAge }` or absent. */
export type SeoOption = boolean | { readonly maxAge?: number | undefined } | undefined;

/** The presence a loader's `seo` option gives, from the option's type. */
export type SeoPresenceOf<Q extends SeoOption> = [Q] extends [undefined | false]
  ? 'never'
  : [Q] extends [true | { readonly maxAge?: number | undefined }]
    ? 'always'
    : 'optional';

type SeoShape<P extends SeoPresence> = P extends 'always'
  ? { seo: typeof seoSchema }
  : P extends 'never'
    ? Record<never, never>
    : { seo: z.ZodOptional<typeof seoSchema> };

/** The `seo` part of an entry schema's shape. */
function seoShape<P extends SeoPresence>(presence: P): SeoShape<P> {
  const shape =
    presence === 'always' ? { seo: seoSchema } : presence === 'never' ? {} : { seo: seoSchema.optional() };
  return shape as SeoShape<P>;
}

export const productSkuDataSchema = z.object({
  id: z.number(),
  price: z.number(),
  color: z.string(),
  extra: extraFieldsSchema.optional(),
});
export type ProductSkuData = z.infer<typeof productSkuDataSchema>;

/** A product photo as the service sent it (folder and file names); `imageUrls()` builds the URLs. */
export const productImageDataSchema = z.object({
  id: z.number(),
  path: z.string(),
  image: z.string(),
  image_small: z.string(),
  image_big: z.string(),
  extra: extraFieldsSchema.optional(),
});
export type ProductImageData = z.infer<typeof productImageDataSchema>;

/** The product entry's schema, its `section` referring to the collection `sections`, `seo` as `seo` says. */
export function productDataSchemaFor<S extends string, P extends SeoPresence = 'optional'>(
  sections: S,
  seo: P = 'optional' as P,
) {
  return z.object({
    id: z.number(),
    catid: z.number(),
    /** The `tx` of the product's section, as the service sent it. */
    cattx: z.string(),
    dt: z.date(),
    zag: z.string(),
    stxt: z.string(),
    vendor: z.string(),
    shw: z.boolean(),
    sku: z.array(productSkuDataSchema),
    img: z.array(productImageDataSchema),
    /** Origin of the photos' URLs, as the loader's client read it; present when `img` is not empty. */
    imageOrigin: z.string().optional(),
    /** The product's section in the sections collection; `null` when the service has no such section. */
    section: entryReferenceSchema(sections).nullable(),
    /** Relative page URL of the product (default: the section's `url` + `/` + id). */
    url: z.string(),
    ...seoShape(seo),
    /** Sync in which the record or its page last changed: read it with `lastChanged()`. Build-time only. */
    changedAt: z.date().optional(),
    extra: extraFieldsSchema.optional(),
  });
}
export const productDataSchema = productDataSchemaFor('sections');
export type ProductData<S extends string = 'sections', P extends SeoPresence = 'optional'> = z.infer<
  ReturnType<typeof productDataSchemaFor<S, P>>
>;

/** The modification entry's schema, its `product` referring to the products collection named `products`. */
export function modificationDataSchemaFor<P extends string>(products: P) {
  return z.object({
    id: z.number(),
    goods_id: z.number(),
    price: z.number(),
    price_old: z.number(),
    articul: z.string(),
    stxt: z.string(),
    shw: z.boolean(),
    sf: z.boolean(),
    sku: z.string(),
    color: z.string(),
    /** The modification's product in the products collection. */
    product: entryReferenceSchema(products),
    /** Sync in which the record or its page last changed: read it with `lastChanged()`. Build-time only. */
    changedAt: z.date().optional(),
    extra: extraFieldsSchema.optional(),
  });
}
export const modificationDataSchema = modificationDataSchemaFor('products');
export type ModificationData<P extends string = 'products'> = z.infer<
  ReturnType<typeof modificationDataSchemaFor<P>>
>;

/** The section entry's schema, its `parent` referring to its own collection, named `sections`; `seo` as for products. */
export function sectionDataSchemaFor<S extends string, P extends SeoPresence = 'optional'>(
  sections: S,
  seo: P = 'optional' as P,
) {
  return z.object({
    id: z.number(),
    tx: z.string(),
    /** The parent's `tx` as the service sent it (`''` for a root section). */
    par: z.string(),
    zag: z.string(),
    url: z.string(),
    rlv: z.number(),
    shw: z.boolean(),
    tp: z.string(),
    /** The parent section's entry; `null` for a root section or a parent this collection does not hold. */
    parent: entryReferenceSchema(sections).nullable(),
    ...seoShape(seo),
    /** Sync in which the record or its page last changed: read it with `lastChanged()`. Build-time only. */
    changedAt: z.date().optional(),
    extra: extraFieldsSchema.optional(),
  });
}
export const sectionDataSchema = sectionDataSchemaFor('sections');
export type SectionData<S extends string = 'sections', P extends SeoPresence = 'optional'> = z.infer<
  ReturnType<typeof sectionDataSchemaFor<S, P>>
>;

/** The article entry's schema, its `section` referring to the sections collection named `sections`; `seo` as for products. */
export function articleDataSchemaFor<S extends string, P extends SeoPresence = 'optional'>(
  sections: S,
  seo: P = 'optional' as P,
) {
  return z.object({
    id: z.number(),
    catid: z.number(),
    zag: z.string(),
    stxt: z.string(),
    url: z.string(),
    shw: z.boolean(),
    dt: z.date().optional(),
    /** The article's section in the sections collection; `null` when the service has no such section. */
    section: entryReferenceSchema(sections).nullable(),
    ...seoShape(seo),
    /** Sync in which the record or its page last changed: read it with `lastChanged()`. Build-time only. */
    changedAt: z.date().optional(),
    extra: extraFieldsSchema.optional(),
  });
}
export const articleDataSchema = articleDataSchemaFor('sections');
export type ArticleData<S extends string = 'sections', P extends SeoPresence = 'optional'> = z.infer<
  ReturnType<typeof articleDataSchemaFor<S, P>>
>;

export const domainDataSchema = z.object({
  domain: z.string(),
  active: z.boolean(),
  ns: z.array(z.string()),
  paidtill: z.date().nullable(),
  extra: extraFieldsSchema.optional(),
});
export type DomainData = z.infer<typeof domainDataSchema>;
