/** Writable fields per resource (docs/interface.md, decisions: the interface only names a few). */
export const WRITABLE_FIELDS = {
  products: ['catid', 'zag', 'stxt', 'txt', 'vendor', 'shw', 'dt'],
  modifications: ['price', 'price_old', 'articul', 'stxt', 'shw', 'sf', 'color'],
  sections: ['tx', 'par', 'zag', 'txt', 'rlv', 'shw', 'tp'],
  articles: ['catid', 'zag', 'stxt', 'txt', 'shw'],
  meta: ['ttl', 'dsc', 'kwd', 'og_title', 'og_image'],
} as const satisfies Record<string, readonly string[]>;

export type WritableResource = keyof typeof WRITABLE_FIELDS;

export type ProductFields = Partial<{
  catid: number;
  zag: string;
  stxt: string;
  txt: string;
  vendor: string;
  shw: boolean;
  dt: Date;
}>;
export type ModificationFields = Partial<{
  price: number;
  price_old: number;
  articul: string;
  stxt: string;
  shw: boolean;
  sf: boolean;
  color: string;
}>;
export type SectionFields = Partial<{
  tx: string;
  par: string;
  zag: string;
  txt: string;
  rlv: number;
  shw: boolean;
  tp: string;
}>;
export type ArticleFields = Partial<{ catid: number; zag: string; stxt: string; txt: string; shw: boolean }>;
export type MetaFields = Partial<{
  ttl: string;
  dsc: string;
  kwd: string;
  og_title: string;
  og_image: string;
}>;

/** A value the client can put into `param`: booleans go out as 1/0, Dates as Unix seconds. */
export type ParamValue = string | number | boolean | Date;
