/**
 * Zod schemas of the entries the loaders store. They describe the client's typed records (not the
 * wire: the client already coerced quoted numbers, flags and dates) plus what the loaders add:
 * relation ids (`section`, `parent`, `product`), the product `url` and `seo`. Being static, they give
 * `getCollection()` full types without a user-written schema. Unknown extra fields are kept
 * (`.loose()`), as the client keeps them.
 */
import { z } from 'zod';

export const seoSourceSchema = z.enum(['service', 'fallback']);

export const seoSchema = z.object({
  /** `<title>`: meta `ttl`, else the record's `zag`. */
  title: z.string(),
  /** Meta description: meta `dsc`, else the plain text of `stxt` (or `txt`) cut to 160 characters. */
  description: z.string(),
  /** Meta keywords: meta `kwd`, else `''`. */
  keywords: z.string(),
  /** `og:title`: meta `og_title`, else the title. */
  ogTitle: z.string(),
  /** Absolute `og:image` URL: meta `og_image`, else the product's first image, else `null`. */
  ogImage: z.string().nullable(),
  /** Absolute canonical URL: the site's origin + the entry's `url`. */
  canonical: z.string(),
  /** Which fields came from the service's meta tags and which are fallbacks. */
  source: z.object({
    title: seoSourceSchema,
    description: seoSourceSchema,
    keywords: seoSourceSchema,
    ogTitle: seoSourceSchema,
    ogImage: seoSourceSchema,
  }),
});
export type Seo = z.infer<typeof seoSchema>;

export const productImageDataSchema = z
  .object({
    id: z.number(),
    path: z.string(),
    image: z.string(),
    image_small: z.string(),
    image_big: z.string(),
    urls: z.object({ image: z.string(), small: z.string(), big: z.string() }).loose(),
  })
  .loose();
export type ProductImageData = z.infer<typeof productImageDataSchema>;

export const productDataSchema = z
  .object({
    id: z.number(),
    catid: z.number(),
    cattx: z.string(),
    dt: z.date(),
    zag: z.string(),
    stxt: z.string(),
    txt: z.string(),
    vendor: z.string(),
    shw: z.boolean(),
    sku: z.array(z.object({ id: z.number(), price: z.number(), color: z.string() }).loose()),
    img: z.array(productImageDataSchema),
    /** Entry id (`tx`) of the product's section in a `sectionsLoader()` collection (= `cattx`). */
    section: z.string(),
    /** Relative page URL of the product (default: the section's `url` + `/` + id). */
    url: z.string(),
    seo: seoSchema.optional(),
  })
  .loose();
export type ProductData = z.infer<typeof productDataSchema>;

export const modificationDataSchema = z
  .object({
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
    /** Entry id of the product in a `productsLoader()` collection (= `String(goods_id)`). */
    product: z.string(),
  })
  .loose();
export type ModificationData = z.infer<typeof modificationDataSchema>;

export const sectionDataSchema = z
  .object({
    id: z.number(),
    tx: z.string(),
    par: z.string(),
    zag: z.string(),
    txt: z.string(),
    url: z.string(),
    rlv: z.number(),
    shw: z.boolean(),
    tp: z.string(),
    /** Entry id (`tx`) of the parent section, `null` for a root section. */
    parent: z.string().nullable(),
    seo: seoSchema.optional(),
  })
  .loose();
export type SectionData = z.infer<typeof sectionDataSchema>;

export const articleDataSchema = z
  .object({
    id: z.number(),
    catid: z.number(),
    zag: z.string(),
    stxt: z.string(),
    txt: z.string(),
    url: z.string(),
    shw: z.boolean(),
    dt: z.date().optional(),
    /** Entry id (`tx`) of the article's section, `null` when the section is unknown. */
    section: z.string().nullable(),
    seo: seoSchema.optional(),
  })
  .loose();
export type ArticleData = z.infer<typeof articleDataSchema>;

export const domainDataSchema = z
  .object({
    domain: z.string(),
    active: z.boolean(),
    ns: z.array(z.string()),
    paidtill: z.date().nullable(),
  })
  .loose();
export type DomainData = z.infer<typeof domainDataSchema>;
