import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/open.js';
import { DEMO_ARTICLES } from './demo-articles.js';
import { DEMO_PRODUCTS, DEMO_SECTIONS, type DemoProduct } from './demo-catalog.js';
import { type SeedSummary, SeedWriter } from './writer.js';

/** 2025-01-06 09:00 UTC: day 0 of the demo's timeline (fixed, so the seed is reproducible). */
const EPOCH = 1_736_154_000;
const DAY = 86_400;

/** The photos of a demo product: `<path><image>` exists under `demoAssetsDir` for each. */
export function demoProductImages(
  p: DemoProduct,
): { path: string; image: string; image_small: string; image_big: string }[] {
  return Array.from({ length: p.photos }, (_, i) => ({
    path: `/img/goods/${p.slug}/`,
    image: `photo-${i + 1}.svg`,
    image_small: `photo-${i + 1}-small.svg`,
    image_big: `photo-${i + 1}-big.svg`,
  }));
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Fills site `sid` with the "Lumen & Oak" demo in one transaction; on a fresh database ids start at 1. */
export function seedDemo(db: DatabaseSync, sid = 1): SeedSummary {
  const w = new SeedWriter(db, sid);
  transaction(db, () => {
    const sectionIds = new Map<string, number>();
    for (const s of DEMO_SECTIONS) {
      const id = w.section({
        tx: s.tx,
        par: s.par,
        zag: s.zag,
        txt: s.txt,
        rlv: s.rlv,
        shw: s.shw ?? 1,
        tp: s.tp,
      });
      sectionIds.set(s.tx, id);
      if (s.meta) {
        w.meta('dir', id, {
          ttl: s.meta.ttl,
          dsc: s.meta.dsc,
          kwd: s.meta.kwd,
          og_title: s.meta.dsc,
          og_image: '',
        });
      }
    }

    DEMO_PRODUCTS.forEach((p, index) => {
      const txt = `<p>${escapeHtml(p.intro)}</p>\n<ul>${p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
      const catid = sectionIds.get(p.section) ?? 0;
      const id = w.product({
        catid,
        zag: p.zag,
        stxt: p.stxt,
        txt,
        vendor: p.vendor,
        shw: p.shw ?? 1,
        dt: EPOCH + p.day * DAY,
      });
      const images = demoProductImages(p);
      for (const image of images) w.image(id, image);
      for (const [articul, colourName, color, price, priceOld] of p.mods) {
        w.modification(id, { price, price_old: priceOld, articul, stxt: colourName, shw: 1, color });
      }
      // Every sixth product has no meta, so the storefront's fallback (title, teaser) is exercised.
      if (index % 6 !== 5) {
        const first = images[0];
        w.meta('goods', id, {
          ttl: `${p.zag} — buy online | Lumen & Oak`,
          dsc: `${p.stxt} Free delivery over $50 and a two-year warranty.`,
          kwd: `${p.zag.toLowerCase()}, ${p.vendor.toLowerCase()}, ${p.section.replaceAll('-', ' ')}`,
          og_title: p.stxt,
          og_image: first ? `${first.path}${first.image}` : '',
        });
      }
    });

    for (const a of DEMO_ARTICLES) {
      const catid = sectionIds.get(a.section) ?? 0;
      const id = w.article({
        catid,
        zag: a.zag,
        stxt: a.stxt,
        txt: a.txt,
        shw: a.shw ?? 1,
        dt: EPOCH + a.day * DAY,
      });
      if (a.meta) {
        w.meta(a.section, id, {
          ttl: a.meta.ttl,
          dsc: a.meta.dsc,
          kwd: '',
          og_title: a.stxt,
          og_image: `/img/${a.section}/${a.slug}.svg`,
        });
      }
    }

    // Paid years ahead: builds and `sitecontent domains check` against the demo warn of nothing for a long while.
    const ns = JSON.stringify(['ns1.example-dns.net', 'ns2.example-dns.net']);
    w.domain({ domain: 'shop.example', technical: 0, is_default: 1, active: 1, ns, paidtill: '2036-03-14' });
    w.domain({ domain: '', technical: 1, is_default: 0, active: 1, ns: '[]', paidtill: '2030-01-01' });
  });
  return w.summary;
}
