import type {
  ArticleRow,
  DomainRow,
  ImageRow,
  MetaRow,
  ModificationRow,
  ProductRow,
  SectionRow,
} from '../db/rows.js';
import type { ProductListing } from '../db/store.js';

/**
 * Rows in the reference's wire shape (docs/interface.md): quoted numbers but product `catid`, `dt` as
 * Unix seconds, derived `sku`, `cattx`, `url`; a fixed key order keeps quirks output deterministic.
 */
export type WireValue = string | number | WireValue[] | WireObject;
export interface WireObject {
  [key: string]: WireValue;
}

const str = (n: number): string => String(n);

export function encodeProducts({ products, modifications, images }: ProductListing): WireObject[] {
  const skuByProduct = groupBy(modifications, (m) => m.goods_id);
  const imagesByProduct = groupBy(images, (i) => i.goods_id);
  return products.map((p) => encodeProduct(p, skuByProduct.get(p.id) ?? [], imagesByProduct.get(p.id) ?? []));
}

function encodeProduct(p: ProductRow, mods: ModificationRow[], images: ImageRow[]): WireObject {
  return {
    id: str(p.id),
    catid: p.catid,
    cattx: p.cattx,
    dt: str(p.dt),
    zag: p.zag,
    stxt: p.stxt,
    txt: p.txt,
    vendor: p.vendor,
    shw: str(p.shw),
    sku: mods.map((m) => ({ id: str(m.id), price: str(m.price), color: m.color })),
    img: images.map(encodeImage),
  };
}

export function encodeImage(i: ImageRow): WireObject {
  return { id: str(i.id), path: i.path, image: i.image, image_small: i.image_small, image_big: i.image_big };
}

export function encodeModification(m: ModificationRow): WireObject {
  return {
    id: str(m.id),
    goods_id: str(m.goods_id),
    price: str(m.price),
    price_old: str(m.price_old),
    articul: m.articul,
    stxt: m.stxt,
    shw: str(m.shw),
    sf: str(m.sf),
    sku: m.articul,
    color: m.color,
  };
}

/** Section `url`: `/` + the chain of `tx` from the root, e.g. `/catalog/phones`. */
export function sectionUrls(sections: readonly SectionRow[]): Map<string, string> {
  const parentByTx = new Map(sections.map((s) => [s.tx, s.par]));
  const urls = new Map<string, string>();
  for (const s of sections) {
    const chain: string[] = [];
    const seen = new Set<string>();
    let tx: string | undefined = s.tx;
    while (tx && !seen.has(tx)) {
      seen.add(tx);
      chain.unshift(tx);
      tx = parentByTx.get(tx);
    }
    urls.set(s.tx, `/${chain.join('/')}`);
  }
  return urls;
}

export function encodeSection(s: SectionRow, urls: Map<string, string>): WireObject {
  return {
    id: str(s.id),
    tx: s.tx,
    par: s.par,
    zag: s.zag,
    txt: s.txt,
    url: urls.get(s.tx) ?? `/${s.tx}`,
    rlv: str(s.rlv),
    shw: str(s.shw),
    tp: s.tp,
  };
}

/** Article `url`: its section's `url` + `/` + the article id (`/<id>` when the section is gone). */
export function encodeArticle(a: ArticleRow, sectionUrlById: Map<number, string>): WireObject {
  return {
    id: str(a.id),
    catid: str(a.catid),
    zag: a.zag,
    stxt: a.stxt,
    txt: a.txt,
    url: `${sectionUrlById.get(a.catid) ?? ''}/${a.id}`,
    shw: str(a.shw),
    dt: str(a.dt),
  };
}

export function encodeMeta(m: MetaRow): WireObject {
  return {
    id: str(m.id),
    md: m.md,
    ttl: m.ttl,
    dsc: m.dsc,
    kwd: m.kwd,
    og_title: m.og_title,
    og_image: m.og_image,
  };
}

/**
 * `paidtill` on the wire: `dd.mm.yyyy` (stored as ISO `yyyy-mm-dd`); `""` when unknown. Other stored
 * text (a test's `domains` option) goes out as it is.
 */
export function formatPaidTill(stored: string | null): string {
  if (!stored) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(stored);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : stored;
}

export function makeTechnicalDomain(sid: number, technicalDomain: string): string {
  return `${sid}.${technicalDomain}`;
}

export function encodeDomain(d: DomainRow, sid: number, technicalDomain: string): WireObject {
  const technical = d.technical === 1;
  const ns = technical ? technicalNs(technicalDomain) : (JSON.parse(d.ns) as string[]);
  return {
    domain: technical ? makeTechnicalDomain(sid, technicalDomain) : d.domain,
    active: str(d.active),
    ns,
    paidtill: formatPaidTill(d.paidtill),
  };
}

export function technicalNs(technicalDomain: string): string[] {
  return [`ns1.${technicalDomain}`, `ns2.${technicalDomain}`];
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
