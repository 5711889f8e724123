/** Rows as stored; the wire encoder turns them into the reference's shape. */

export interface SectionRow {
  id: number;
  sid: number;
  tx: string;
  par: string;
  zag: string;
  txt: string;
  rlv: number;
  shw: number;
  tp: string;
}

export interface ProductRow {
  id: number;
  catid: number;
  cattx: string;
  zag: string;
  stxt: string;
  txt: string;
  vendor: string;
  shw: number;
  dt: number;
}

export interface ImageRow {
  id: number;
  goods_id: number;
  path: string;
  image: string;
  image_small: string;
  image_big: string;
}

export interface ModificationRow {
  id: number;
  goods_id: number;
  price: number;
  price_old: number;
  articul: string;
  stxt: string;
  shw: number;
  sf: number;
  color: string;
}

export interface ArticleRow {
  id: number;
  catid: number;
  zag: string;
  stxt: string;
  txt: string;
  shw: number;
  dt: number;
}

export interface MetaRow {
  id: number;
  md: string;
  ttl: string;
  dsc: string;
  kwd: string;
  og_title: string;
  og_image: string;
}

export interface DomainRow {
  id: number;
  domain: string;
  technical: number;
  is_default: number;
  active: number;
  ns: string;
  paidtill: string | null;
}

export type FieldValues = Record<string, string | number>;
