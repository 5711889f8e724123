/**
 * The record types name the known fields only: a misspelled field is a type error (checked by
 * `npm run typecheck`, which compiles this file; each `@ts-expect-error` fails the compile when its
 * line has no error), while the records keep what else the service sends.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Article, Meta, Modification, Product, Section } from '../src/index.js';
import { productSchema } from '../src/schemas/records.js';
import { wireProduct } from './helpers/fixtures.js';

describe('record types', () => {
  it('make a misspelled or foreign field a type error, nested ones too', () => {
    const product = {} as Product;
    const meta = {} as Meta;
    const section = {} as Section;
    const article = {} as Article;
    const modification = {} as Modification;
    // Never called: the lines below are checked by the compiler, not run.
    const misspelled = () => [
      // @ts-expect-error products: titel
      product.titel,
      // @ts-expect-error products have no price (their modifications do)
      product.price,
      // @ts-expect-error a sku item: prise
      product.sku[0]?.prise,
      // @ts-expect-error an image: url (it is urls)
      product.img[0]?.url,
      // @ts-expect-error meta: title (it is ttl)
      meta.title,
      // @ts-expect-error sections: parent (it is par)
      section.parent,
      // @ts-expect-error articles: title
      article.title,
      // @ts-expect-error modifications: prise
      modification.prise,
    ];
    expect(misspelled).toBeTypeOf('function');
    expectTypeOf<Product['dt']>().toEqualTypeOf<Date>();
    expectTypeOf<Product['sku'][number]['price']>().toEqualTypeOf<number>();
    expectTypeOf<Product['img'][number]['urls']>().toEqualTypeOf<{
      image: string;
      small: string;
      big: string;
    }>();
  });

  it('keep the fields the service sends beyond the known ones on the record', () => {
    const parsed = productSchema.parse({ ...wireProduct, badge: 'new' }) as Product;
    expect((parsed as Record<string, unknown>).badge).toBe('new');
  });
});
