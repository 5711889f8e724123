/**
 * Record schemas: the single source of each record's shape. Loose objects keep unknown fields
 * (docs/interface.md, "Wire format"); URLs must be root-relative paths, domains plain host names.
 */
import { z } from 'zod';
import { hostNameField } from './host-name.js';
import { IMAGE_FILE_FIELDS, imageFileProblem, imageUrl } from './image-url.js';
import {
  colourField,
  dtField,
  flagField,
  idField,
  numberField,
  paidTillField,
  textField,
} from './primitives.js';
import { rootRelativePathField } from './root-relative-path.js';

export const productSkuSchema = z.looseObject({ id: idField, price: numberField, color: colourField });

/** A product photo; `urls` are root-relative here, the client prefixes the site's origin. */
export const productImageSchema = z
  .looseObject({
    id: idField,
    path: textField,
    image: textField,
    image_small: textField,
    image_big: textField,
  })
  .superRefine((img, ctx) => {
    // A bad `path` is named once, whichever files it would send elsewhere.
    const blamed = new Set<string>();
    for (const field of IMAGE_FILE_FIELDS) {
      const problem = imageFileProblem(img.path, img[field]);
      if (problem === undefined) continue;
      const path = imageFileProblem(img.path, 'file') === undefined ? field : 'path';
      if (blamed.has(path)) continue;
      blamed.add(path);
      ctx.addIssue({ code: 'custom', path: [path], message: problem });
    }
  })
  .transform((img) => ({
    ...img,
    urls: {
      image: imageUrl('', img.path, img.image),
      small: imageUrl('', img.path, img.image_small),
      big: imageUrl('', img.path, img.image_big),
    },
  }));

export const productSchema = z.looseObject({
  id: idField,
  catid: idField,
  cattx: textField,
  dt: dtField,
  zag: textField,
  stxt: textField,
  txt: textField,
  vendor: textField,
  shw: flagField,
  sku: z.array(productSkuSchema).default([]),
  img: z.array(productImageSchema).default([]),
});

export const modificationSchema = z.looseObject({
  id: idField,
  goods_id: idField,
  price: numberField,
  price_old: numberField.default(0),
  articul: textField,
  stxt: textField,
  shw: flagField,
  sf: flagField,
  sku: textField,
  color: colourField,
});

export const sectionSchema = z.looseObject({
  id: idField,
  tx: textField,
  par: textField,
  zag: textField,
  txt: textField,
  url: rootRelativePathField,
  rlv: numberField.default(0),
  shw: flagField,
  tp: textField,
});

export const articleSchema = z.looseObject({
  id: idField,
  catid: idField,
  zag: textField,
  stxt: textField,
  txt: textField,
  url: rootRelativePathField,
  shw: flagField,
  dt: dtField.optional(),
});

export const metaSchema = z.looseObject({
  id: idField,
  md: textField,
  ttl: textField,
  dsc: textField,
  kwd: textField,
  og_title: textField,
  og_image: textField,
});

/** `ns` may come as an array or a comma-separated string. */
const nsField = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string') return v.split(/[,\s]+/).filter(Boolean);
  return v;
}, z.array(z.string()));

export const domainSchema = z.looseObject({
  domain: hostNameField,
  // DomainDefault sends only `domain`; a domain the service returns without a flag is taken as active.
  active: flagField.default(true),
  ns: nsField,
  paidtill: paidTillField,
});

export const writeResultSchema = z.looseObject({ message: z.literal('Ok') });
export const createResultSchema = z.looseObject({ message: z.literal('Ok'), id: idField });

/**
 * A record's type with its known fields and no index signature: extra fields are kept, but
 * `product.titel` is a type error. Read an extra one through a `Record<string, unknown>` view.
 */
export type KnownFields<T> = T extends Date
  ? T
  : T extends readonly (infer E)[]
    ? KnownFields<E>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : K]: KnownFields<T[K]> }
      : T;

export type ProductSku = KnownFields<z.output<typeof productSkuSchema>>;
export type ProductImage = KnownFields<z.output<typeof productImageSchema>>;
export type Product = KnownFields<z.output<typeof productSchema>>;
export type Modification = KnownFields<z.output<typeof modificationSchema>>;
export type Section = KnownFields<z.output<typeof sectionSchema>>;
export type Article = KnownFields<z.output<typeof articleSchema>>;
export type Meta = KnownFields<z.output<typeof metaSchema>>;
export type Domain = KnownFields<z.output<typeof domainSchema>>;
export type WriteResult = z.output<typeof writeResultSchema>;
export type CreateResult = z.output<typeof createResultSchema>;
