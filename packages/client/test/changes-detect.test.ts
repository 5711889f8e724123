// The change detector against the emulator's demo catalog: every kind of change, the pages each
// names, the cost of a read in requests, and the state as text (round trip, refused when cut off).
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState, detectChanges, encodeState } from '../src/changes/index.js';
import { createClient, type SiteContentClient } from '../src/index.js';
import type { Product, Section } from '../src/schemas/records.js';
import { TEST_KEY } from './helpers/server.js';

let emu: Emulator;
let client: SiteContentClient;
let sections: Section[];
let phones: Product[];
const tx = (id: number) => sections.find((s) => s.id === id)!.tx;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] } });
  client = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1 });
  sections = await client.sections.list();
  phones = (await client.products.list({ cattx: 'phones' })).filter((p) => p.shw);
});

afterAll(async () => {
  await client?.close();
  await emu?.close();
});

/** Reads once, makes `edit`, reads again: the second read's changes. */
async function changesAfter(edit: () => Promise<unknown>) {
  const before = await detectChanges(client, undefined);
  await edit();
  return (await detectChanges(client, decodeState(encodeState(before.state)))).changes;
}

describe('detectChanges', () => {
  it('a first read records every record and reports none; a second read without edits finds nothing', async () => {
    emu.resetStats();
    const first = await detectChanges(client, undefined);
    expect(first.first).toBe(true);
    expect(first.changes).toEqual([]);
    const served = emu.stats.byOperationStatus;
    expect(served['goods/Get']?.['200']).toBe(sections.length);
    expect(served['dir/Get']?.['200']).toBe(1);
    const products = await client.products.list();
    expect(first.counts).toEqual({
      sections: sections.length,
      products: products.filter((p) => sections.some((s) => s.id === p.catid)).length,
      articles: (await client.articles.list()).length,
    });
    // The documented cost: dir/Get once, goods/Get once per section, article/Get once.
    expect(first.requests).toBe(1 + sections.length + 1);
    const again = await detectChanges(client, first.state);
    expect(again.first).toBe(false);
    expect(again.changes).toEqual([]);
  });

  it('a renamed product: changed, its page and its section listing', async () => {
    const product = phones[0]!;
    const changes = await changesAfter(() => client.products.update(product.id, { zag: 'Renamed phone' }));
    expect(changes).toEqual([
      {
        kind: 'product',
        id: product.id,
        type: 'changed',
        pages: { products: [String(product.id)], sections: ['phones'], articles: [] },
        digest: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    ]);
  });

  it('hidden, shown, moved, created and deleted products, each named once with the pages that showed it', async () => {
    const [a, b, c, d] = phones.slice(1, 5) as [Product, Product, Product, Product];
    const laptops = sections.find((s) => s.tx === 'laptops')!;
    let created = 0;
    const hidden = await changesAfter(() => client.products.update(a.id, { shw: false }));
    expect(hidden.map((x) => [x.type, x.id])).toEqual([['hidden', a.id]]);
    const shown = await changesAfter(() => client.products.update(a.id, { shw: true }));
    expect(shown.map((x) => [x.type, x.id])).toEqual([['shown', a.id]]);
    const moved = await changesAfter(() => client.products.update(b.id, { catid: laptops.id }));
    expect(moved).toMatchObject([{ type: 'moved', id: b.id, pages: { sections: ['laptops', 'phones'] } }]);
    const made = await changesAfter(async () => {
      created = (await client.products.create({ catid: c.catid, zag: 'New phone', shw: true })).id;
    });
    expect(made).toMatchObject([{ type: 'created', id: created, pages: { products: [String(created)] } }]);
    const deleted = await changesAfter(() => client.products.delete(d.id));
    expect(deleted).toEqual([
      {
        kind: 'product',
        id: d.id,
        type: 'deleted',
        pages: { products: [String(d.id)], sections: [tx(d.catid)], articles: [] },
      },
    ]);
  });

  it('an edit no page shows (a product hidden before and after) is no change', async () => {
    const product = phones[5] ?? phones[0]!;
    await client.products.update(product.id, { shw: false });
    expect(await changesAfter(() => client.products.update(product.id, { zag: 'Still hidden' }))).toEqual([]);
    await client.products.update(product.id, { shw: true });
  });

  it("a renamed section names its page, its parent's listing and the pages of its products and articles", async () => {
    const phonesSection = sections.find((s) => s.tx === 'phones')!;
    const inIt = (await client.products.list({ catid: phonesSection.id })).map((p) => String(p.id));
    const changes = await changesAfter(() =>
      client.sections.update(phonesSection.id, { zag: 'Mobile phones' }),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'section', id: phonesSection.id, type: 'changed' });
    expect(changes[0]!.pages.sections).toEqual(['phones', phonesSection.par]);
    expect(changes[0]!.pages.products.sort()).toEqual(inIt.sort());
    // Its text alone is on its own page only.
    const text = await changesAfter(() =>
      client.sections.update(phonesSection.id, { txt: '<p>All phones</p>' }),
    );
    expect(text[0]!.pages).toEqual({ products: [], sections: ['phones'], articles: [] });
  });

  it('an edited article names its page and its section listing', async () => {
    const article = (await client.articles.list()).find((a) => a.shw)!;
    const changes = await changesAfter(() => client.articles.update(article.id, { stxt: 'A new teaser' }));
    expect(changes).toEqual([
      {
        kind: 'article',
        id: article.id,
        type: 'changed',
        pages: { products: [], articles: [String(article.id)], sections: [tx(article.catid)] },
        digest: expect.any(String),
      },
    ]);
  });

  it('with modifications, a changed old price is a change of its product; without, it is not seen', async () => {
    const product = phones[0]!;
    const [modification] = await client.modifications.list({ goodsId: product.id });
    const options = { modifications: true };
    const before = await detectChanges(client, undefined, options);
    expect(before.requests).toBe(1 + sections.length + 1 + before.counts.products);
    const plain = await detectChanges(client, undefined);
    await client.modifications.update(modification!.id, { price_old: 999 });
    const seen = await detectChanges(client, before.state, options);
    expect(seen.changes.map((c) => [c.kind, c.id, c.type])).toEqual([['product', product.id, 'changed']]);
    expect((await detectChanges(client, plain.state)).changes).toEqual([]);
    // A state read with other options is a first read, not a catalog of changes.
    expect((await detectChanges(client, before.state)).first).toBe(true);
  });
});

describe('the state as text', () => {
  it('round-trips, and refuses a cut-off or foreign text naming the line', async () => {
    const { state } = await detectChanges(client, undefined);
    const text = encodeState(state);
    expect(encodeState(decodeState(text))).toBe(text);
    // A digest per record, not the records: no title is kept, a product is one short line.
    expect(text).not.toContain('Renamed phone');
    expect(text).toMatch(new RegExp(`\\n${phones[0]!.id}\\t1\\t[0-9a-f]{16}\\n`));
    const cut = text.slice(0, Math.floor(text.length / 2));
    expect(() => decodeState(cut)).toThrow(/^not a sitecontent changes state: line \d+: /);
    expect(() => decodeState('{"products": []}')).toThrow(
      'not a sitecontent changes state: line 1: expected "sitecontent-changes-state 1"',
    );
    const lines = text.split('\n');
    const bad = lines.map((line, i) => (i === lines.length - 2 ? 'end\t1' : line)).join('\n');
    expect(() => decodeState(bad)).toThrow('the record count does not match');
    const productLine = lines.findIndex((line) => /^\d+\t[01]\t[0-9a-f]{16}$/.test(line));
    const corrupt = lines.map((line, i) => (i === productLine ? line.replace(/.$/, 'g') : line)).join('\n');
    expect(() => decodeState(corrupt)).toThrow(
      `line ${productLine + 1}: expected a product line: id, 0 or 1, digest`,
    );
  });
});
