/**
 * Entry data is closed: a misspelled field is a type error (checked by `npm run typecheck`, which
 * compiles this file; each `@ts-expect-error` fails the compile when its line has no error), for
 * every collection and the live loaders. At run time: unknown service fields land under `extra`, and
 * a user's extended schema types them.
 */
import type { LiveLoader } from 'astro/loaders';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type ArticleData,
  type DomainData,
  type EntryReference,
  type liveArticlesLoader,
  liveProductsLoader,
  liveSectionsLoader,
  type ModificationData,
  type ProductData,
  productsLoader,
  type SectionData,
  type Seo,
  sectionsLoader,
} from '../src/index.js';
import { productDataSchema } from '../src/schemas.js';
import { type Emulator, emulator, fieldAddingProxy, loadInto, useSite } from './helpers/index.js';

type LiveData<L> = L extends LiveLoader<infer D, infer _F, infer _C, infer _E> ? D : never;

describe('entry types', () => {
  it('name every field; a misspelled one is an error in every collection and live loader', () => {
    const product = {} as ProductData;
    const section = {} as SectionData;
    const article = {} as ArticleData;
    const modification = {} as ModificationData;
    const domain = {} as DomainData;
    const live = {} as LiveData<ReturnType<typeof liveProductsLoader>>;
    const liveArticle = {} as LiveData<ReturnType<typeof liveArticlesLoader>>;
    const liveSection = {} as LiveData<ReturnType<typeof liveSectionsLoader>>;
    // Never called: the lines below are checked by the compiler, not run.
    const misspelled = () => [
      // @ts-expect-error products: zga
      product.zga,
      // @ts-expect-error products: prise in a sku item
      product.sku[0]?.prise,
      // @ts-expect-error products: titel in seo
      product.seo?.titel,
      // @ts-expect-error sections: parnet
      section.parnet,
      // @ts-expect-error articles: titel
      article.titel,
      // @ts-expect-error modifications: prise
      modification.prise,
      // @ts-expect-error domains: domian
      domain.domian,
      // @ts-expect-error live products: zga
      live.zga,
      // @ts-expect-error live articles: titel
      liveArticle.titel,
      // @ts-expect-error live sections: parnet
      liveSection.parnet,
    ];
    expect(misspelled).toBeTypeOf('function');
    expectTypeOf(product.extra).toEqualTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf(live.extra).toEqualTypeOf<Record<string, unknown> | undefined>();
  });

  it('type relations as references to the named collections', () => {
    expectTypeOf<ProductData['section']>().toEqualTypeOf<EntryReference<'sections'> | null>();
    expectTypeOf<SectionData['parent']>().toEqualTypeOf<EntryReference<'sections'> | null>();
    expectTypeOf<ArticleData['section']>().toEqualTypeOf<EntryReference<'sections'> | null>();
    expectTypeOf<ModificationData['product']>().toEqualTypeOf<EntryReference<'products'>>();
    // A loader told where its sections live carries that name into its entry type.
    const loader = productsLoader({ sectionsCollection: 'catalogSections' });
    expectTypeOf<
      z.infer<typeof loader.schema>['section']
    >().toEqualTypeOf<EntryReference<'catalogSections'> | null>();
    const live = liveProductsLoader({ sectionsCollection: 'catalogSections' });
    expectTypeOf<
      LiveData<typeof live>['section']
    >().toEqualTypeOf<EntryReference<'catalogSections'> | null>();
    expect(loader.schema.shape.section.unwrap().shape.collection.value).toBe('catalogSections');
  });
});

describe('seo typed by the option as written', () => {
  const flag = process.env.SITECONTENT_TEST_FLAG === '1';
  const on = productsLoader({ seo: true });
  const aged = sectionsLoader({ seo: { maxAge: 60_000 } });
  const off = productsLoader();
  const offExplicit = sectionsLoader({ seo: false });
  const unknown = productsLoader({ seo: flag });
  const liveOn = liveProductsLoader({ seo: true });
  const liveOff = liveSectionsLoader();

  it('on (`true` or `{ maxAge }`): `data.seo` is required, in the type and in the schema', () => {
    expectTypeOf<z.infer<typeof on.schema>['seo']>().toEqualTypeOf<Seo>();
    expectTypeOf<z.infer<typeof aged.schema>['seo']>().toEqualTypeOf<Seo>();
    expectTypeOf<LiveData<typeof liveOn>['seo']>().toEqualTypeOf<Seo>();
    expect(on.schema.shape.seo.safeParse(undefined).success).toBe(false);
    expect(aged.schema.shape.seo.safeParse(undefined).success).toBe(false);
  });

  it('off (absent or `false`): reading `data.seo` is a type error, and the schema has no such field', () => {
    const never = () => [
      // @ts-expect-error products without seo
      {} as z.infer<typeof off.schema>['seo'],
      // @ts-expect-error sections with seo: false
      {} as z.infer<typeof offExplicit.schema>['seo'],
      // @ts-expect-error live sections without seo
      {} as LiveData<typeof liveOff>['seo'],
    ];
    expect(never).toBeTypeOf('function');
    expect(Object.keys(off.schema.shape)).not.toContain('seo');
    expect(Object.keys(offExplicit.schema.shape)).not.toContain('seo');
  });

  it('a `boolean` known only at run time: optional in the type, exact in the schema', () => {
    expectTypeOf<z.infer<typeof unknown.schema>['seo']>().toEqualTypeOf<Seo | undefined>();
    expect(Object.keys(unknown.schema.shape).includes('seo')).toBe(flag);
  });

  it("the exported data types keep `seo` optional, for code that takes any loader's entries", () => {
    expectTypeOf<ProductData['seo']>().toEqualTypeOf<Seo | undefined>();
    expectTypeOf<SectionData['seo']>().toEqualTypeOf<Seo | undefined>();
    expectTypeOf<ArticleData['seo']>().toEqualTypeOf<Seo | undefined>();
    // An entry of a loader with `seo: true` is one of them.
    expectTypeOf<z.infer<typeof on.schema>>().toExtend<ProductData>();
    expectTypeOf<z.infer<typeof off.schema>>().toExtend<ProductData>();
  });
});

describe('extra fields', () => {
  let emu: Emulator;
  let proxy: Awaited<ReturnType<typeof fieldAddingProxy>>;
  beforeAll(async () => {
    emu = await emulator();
    proxy = await fieldAddingProxy(emu.url, 'goods/Get', (record) => ({
      badge: Number(record.id) === 1 ? 'new' : '',
      weight_g: '182',
    }));
  });
  afterAll(async () => {
    await proxy.close();
    await emu.close();
  });

  const load = async (schema: z.ZodType) => {
    const site = useSite({ url: proxy.url, key: emu.key, sid: emu.sid });
    try {
      const t = await loadInto(productsLoader(), { collection: 'products', schema, root: site.root });
      return t.store.get('products', '1')!.data;
    } finally {
      await site.release();
    }
  };

  it('keeps what the service sends beyond the known fields under extra, not at the top level', async () => {
    const data = await load(productDataSchema);
    expect(data.extra).toEqual({ badge: 'new', weight_g: '182' });
    expect(data).not.toHaveProperty('badge');
  });

  it('a schema extended by the user types those fields (productDataSchema.extend)', async () => {
    // The example of packages/astro/README.md, "Extending an entry schema".
    const schema = productDataSchema.extend({
      extra: z.object({ badge: z.string(), weight_g: z.coerce.number() }),
    });
    const data = (await load(schema)) as z.infer<typeof schema>;
    expectTypeOf(data.extra.weight_g).toEqualTypeOf<number>();
    expect(data.extra).toEqual({ badge: 'new', weight_g: 182 });
  });
});
