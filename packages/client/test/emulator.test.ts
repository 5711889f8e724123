/** Every operation of the client against the emulator (packages/emulator), in each paramEncoding. */
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthError,
  createClient,
  HttpStatusError,
  NotFoundError,
  type ParamEncoding,
  type SiteContentClient,
} from '../src/index.js';
import { assertNoKey, catchError, renderings } from './helpers/client.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, db: ':memory:', seed: 'demo' });
});
afterAll(() => emu.close());

const connect = (options: Partial<Parameters<typeof createClient>[0]> = {}): SiteContentClient =>
  createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, retryBaseDelayMs: 10, ...options });

describe('reads against the demo site', () => {
  it('products with every filter, image URLs on the technical domain', async () => {
    const client = connect();
    const all = await client.products.list();
    expect(all.length).toBeGreaterThan(0);
    const p = all.find((x) => x.img.length > 0) ?? all[0]!;
    expect(p.dt).toBeInstanceOf(Date);
    expect(typeof p.shw).toBe('boolean');
    expect(await client.products.list({ id: p.id })).toEqual([p]);
    const byCat = await client.products.list({ catid: p.catid });
    expect(byCat.every((x) => x.catid === p.catid)).toBe(true);
    expect(await client.products.list({ cattx: p.cattx })).toEqual(byCat);
    const domain = await client.site.defaultDomain();
    if (p.img[0])
      expect(p.img[0].urls.image).toMatch(new RegExp(`^https://${domain.replace(/\./g, '\\.')}/`));
    await client.close();
  });

  it('modifications with goodsId, id and articul', async () => {
    const client = connect();
    const product = (await client.products.list()).find((x) => x.sku.length > 0);
    expect(product).toBeDefined();
    const mods = await client.modifications.list({ goodsId: product!.id });
    expect(mods.map((m) => m.id)).toEqual(product!.sku.map((s) => s.id));
    const m = mods[0]!;
    expect(await client.modifications.list({ goodsId: product!.id, id: m.id })).toEqual([m]);
    const byArticul = await client.modifications.list({ goodsId: product!.id, articul: m.articul });
    expect(byArticul.map((x) => x.id)).toContain(m.id);
    await client.close();
  });

  it('sections with id and tx; articles with id, catid and cattx', async () => {
    const client = connect();
    const sections = await client.sections.list();
    const s = sections[0]!;
    expect(await client.sections.list({ id: s.id })).toEqual([s]);
    expect(await client.sections.list({ tx: s.tx })).toEqual([s]);
    const articles = await client.articles.list();
    expect(articles.length).toBeGreaterThan(0);
    const a = articles[0]!;
    expect(await client.articles.list({ id: a.id })).toEqual([a]);
    const section = sections.find((x) => x.id === a.catid)!;
    expect((await client.articles.list({ catid: a.catid })).map((x) => x.id)).toContain(a.id);
    expect((await client.articles.list({ cattx: section.tx })).map((x) => x.id)).toContain(a.id);
    await client.close();
  });

  it('domains and the default domain', async () => {
    const client = connect();
    const domain = await client.site.defaultDomain();
    expect(domain.length).toBeGreaterThan(0);
    const domains = await client.site.domains();
    expect(domains.length).toBeGreaterThan(0);
    expect(domains.every((d) => typeof d.active === 'boolean' && Array.isArray(d.ns))).toBe(true);
    await client.close();
  });
});

describe.each(['form-brackets', 'form-json', 'json'] as ParamEncoding[])(
  'writes with paramEncoding %s',
  (paramEncoding) => {
    it('create, update, read back and delete across all resources', async () => {
      const client = connect({ paramEncoding });
      const [section] = await client.sections.list();
      const tx = `enc-${paramEncoding}`;
      const { id: sectionId } = await client.sections.create({
        tx,
        par: section!.tx,
        zag: 'Encoded & "quoted"',
        shw: true,
      });
      await client.sections.update(sectionId, { zag: 'Renamed ü', rlv: 7 });
      expect(await client.sections.list({ id: sectionId })).toMatchObject([
        { tx, zag: 'Renamed ü', rlv: 7, shw: true },
      ]);

      const { id: productId } = await client.products.create({
        catid: sectionId,
        zag: 'Widget 📦',
        shw: false,
        dt: new Date('2024-03-01T00:00:00Z'),
      });
      await client.products.update(productId, { vendor: 'Acme & Co', shw: true });
      const [product] = await client.products.list({ id: productId });
      expect(product).toMatchObject({
        zag: 'Widget 📦',
        vendor: 'Acme & Co',
        shw: true,
        catid: sectionId,
        cattx: tx,
      });
      expect(product!.dt.toISOString()).toBe('2024-03-01T00:00:00.000Z');

      const { id: modId } = await client.modifications.create(productId, {
        articul: `A-${paramEncoding}`,
        price: 12.5,
        color: '#AABBCC',
      });
      await client.modifications.update(modId, { price_old: 20, sf: true });
      expect(await client.modifications.list({ goodsId: productId })).toMatchObject([
        { id: modId, goods_id: productId, price: 12.5, price_old: 20, sf: true, color: '#aabbcc' },
      ]);

      const { id: articleId } = await client.articles.create({
        catid: sectionId,
        zag: 'Hello',
        stxt: 'Teaser',
      });
      await client.articles.update(articleId, { txt: '<p>Body <script>x()</script></p>' });
      expect(await client.articles.list({ id: articleId })).toMatchObject([
        { zag: 'Hello', txt: '<p>Body <script>x()</script></p>' },
      ]);

      expect(await client.meta.get('goods', productId)).toBeUndefined();
      await client.meta.update('goods', productId, { ttl: 'Title', dsc: 'Description' });
      expect(await client.meta.get('goods', productId)).toMatchObject({
        id: productId,
        md: 'goods',
        ttl: 'Title',
        dsc: 'Description',
      });

      expect(await client.products.delete(productId)).toEqual({ message: 'Ok' });
      expect(await client.products.list({ id: productId })).toEqual([]);
      await client.close();
    });
  },
);

describe('errors from the emulator', () => {
  it('a wrong key is an AuthError, with the key redacted', async () => {
    const client = connect({ apiKey: 'wrong-key-0000' });
    const err = await catchError(client.sections.list());
    expect(err).toBeInstanceOf(AuthError);
    for (const text of renderings(err)) expect(text).not.toContain('wrong-key-0000');
    await client.close();
  });

  it('an unknown id on update is a NotFoundError; an unknown field the service refuses is a 400', async () => {
    const client = connect({ allowUnknownFields: true });
    await expect(client.products.update(987654, { zag: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    const err = await catchError(client.products.update(1, { nope: 'x' } as never));
    expect(err).toBeInstanceOf(HttpStatusError);
    expect(err).toMatchObject({ status: 400, serviceCode: 'invalid_param' });
    for (const text of renderings(err)) assertNoKey(text);
    await client.close();
  });
});

describe('the emulator in reference-quirks mode and with faults', () => {
  it('reads the reference payloads’ trailing commas and repeated key', async () => {
    const quirky = await startEmulator({ port: 0, db: ':memory:', seed: 'demo', quirks: 'reference' });
    const client = createClient({ baseUrl: quirky.url, apiKey: quirky.key, sid: quirky.sid });
    expect((await client.products.list()).length).toBeGreaterThan(0);
    expect((await client.sections.list()).length).toBeGreaterThan(0);
    expect((await client.site.domains()).length).toBeGreaterThan(0);
    await client.close();
    await quirky.close();
  });

  it('retries absorb injected 503s, resets and truncation', async () => {
    const faulty = await startEmulator({
      port: 0,
      db: ':memory:',
      seed: 'demo',
      faults: { failRate: 0.2, resetRate: 0.1, truncateRate: 0.1, seed: 7 },
    });
    const client = createClient({
      baseUrl: faulty.url,
      apiKey: faulty.key,
      sid: faulty.sid,
      retries: 8,
      retryBaseDelayMs: 5,
    });
    const sections = await client.sections.list();
    const metas = await Promise.all(sections.map((s) => client.meta.get('dir', s.id)));
    expect(metas).toHaveLength(sections.length);
    expect(faulty.stats.total).toBeGreaterThan(sections.length + 1);
    await client.close();
    await faulty.close();
  });
});
