/**
 * One article-module rule: the build-time and the live articles loader read each article's meta
 * from the same `md` page that `sitecontent meta pull` lists it under, whatever the case of a
 * section's type (`tp`) or address (`tx`), and whichever of the two marks it.
 */
import { createClient, pullMeta, type SiteContentClient } from '@sitecontent/client';
import { articleMetaModule } from '@sitecontent/client/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlesLoader, liveArticlesLoader } from '../src/index.js';
import { type Emulator, emulator, loadInto, useSite } from './helpers/index.js';

const SITE = 'https://shop.example';
const MODULES = ['blog', 'news', 'article'] as const;

/** Sections under test, each with the module its articles get, and why. */
const SECTIONS = [
  { tx: 'Journal', par: '', tp: 'BLOG', expected: 'blog' }, // type, upper case
  { tx: 'tips', par: 'Journal', tp: '', expected: 'blog' }, // an ancestor's type
  { tx: 'News', par: '', tp: '', expected: 'news' }, // address, capitalised
  { tx: 'blog', par: '', tp: 'News', expected: 'news' }, // the type wins over the address
  { tx: 'about', par: '', tp: 'page', expected: 'article' }, // neither
] as const;

let emu: Emulator;
let client: SiteContentClient;
/** Article id → the module its section should give it. */
const expectedModule = new Map<number, string>();
/** Article id → its section (`catid`). */
const catidOf = new Map<number, number>();

beforeAll(async () => {
  emu = await emulator({ seed: 'none' });
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
  for (const section of SECTIONS) {
    const { id: catid } = await client.sections.create({
      tx: section.tx,
      par: section.par,
      tp: section.tp,
      zag: section.tx,
      shw: true,
    });
    const { id } = await client.articles.create({ catid, zag: `In ${section.tx}`, shw: true });
    expectedModule.set(id, section.expected);
    catidOf.set(id, catid);
  }
  const { id: orphan } = await client.articles.create({ catid: 9999, zag: 'No section', shw: true });
  expectedModule.set(orphan, 'article');
  catidOf.set(orphan, 9999);
  // Every article has meta under every module, its title naming the module: the title a loader
  // shows says which page it read.
  for (const id of expectedModule.keys()) {
    for (const md of MODULES) await client.meta.update(md, id, { ttl: `from ${md}` });
  }
});
afterAll(async () => {
  await client?.close();
  await emu?.close();
});

describe('the article meta module', () => {
  it('meta pull lists each article under the module the rule gives', async () => {
    const pulled = await pullMeta(client, { modules: [...MODULES] });
    const byId = new Map(pulled.map((entry) => [entry.id, entry.md]));
    expect(Object.fromEntries(byId)).toEqual(Object.fromEntries(expectedModule));
    const sections = await client.sections.list();
    const index = {
      byId: new Map(sections.map((s) => [s.id, s])),
      byTx: new Map(sections.map((s) => [s.tx, s])),
    };
    for (const [id, md] of expectedModule) {
      expect(articleMetaModule({ catid: catidOf.get(id) ?? 0 }, index)).toBe(md);
    }
  });

  it('the build-time and the live loader read the meta page meta pull names', async () => {
    const pulled = new Map((await pullMeta(client, { modules: [...MODULES] })).map((e) => [e.id, e.md]));
    const site = useSite(emu);
    try {
      const t = await loadInto(articlesLoader({ seo: true }), {
        collection: 'articles',
        root: site.root,
        site: SITE,
      });
      const live = liveArticlesLoader({
        baseUrl: emu.url,
        apiKey: emu.key,
        sid: emu.sid,
        seo: true,
        site: SITE,
      });
      for (const [id, md] of pulled) {
        const built = t.store.get('articles', String(id))?.data.seo as { title: string } | undefined;
        expect(built?.title, `build-time article ${id}`).toBe(`from ${md}`);
        const entry = await live.loadEntry({ collection: 'liveArticles', filter: { id: String(id) } });
        expect(entry && 'data' in entry && entry.data.seo?.title, `live article ${id}`).toBe(`from ${md}`);
      }
    } finally {
      await site.release();
    }
  });
});
