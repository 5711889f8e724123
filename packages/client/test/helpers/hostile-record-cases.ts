/**
 * Hostile records: fields in every form the service writes them, and values no field may hold (bad
 * colours and dates, ids beyond 2^53, Infinity), kept or refused by name.
 */
import { expect } from 'vitest';
import { RecordValidationError } from '../../src/index.js';
import { first } from './client.js';
import { modificationBody, productBody, wireProduct } from './fixtures.js';
import type { Case } from './hostile-corpus.js';

export const recordCases: Case[] = [
  {
    name: 'quoted numbers',
    op: 'modifications',
    reply: { body: modificationBody({ price: '10.50', price_old: '0' }) },
    value: (v) => expect(first(v)).toMatchObject({ price: 10.5, price_old: 0, id: 101 }),
  },
  {
    name: 'unquoted numbers',
    op: 'modifications',
    reply: { body: modificationBody({ id: 101, goods_id: 12, price: 10.5, price_old: 11 }) },
    value: (v) => expect(first(v)).toMatchObject({ id: 101, goods_id: 12, price: 10.5, price_old: 11 }),
  },
  {
    name: 'catid unquoted next to quoted ids',
    op: 'products',
    reply: { body: productBody({ catid: 3, id: '12' }) },
    value: (v) => expect(first(v)).toMatchObject({ catid: 3, id: 12 }),
  },
  {
    name: 'flags as strings and as numbers',
    op: 'modifications',
    reply: { body: modificationBody({ shw: '0', sf: 1 }) },
    value: (v) => expect(first(v)).toMatchObject({ shw: false, sf: true }),
  },
  {
    name: 'a flag that is neither 1 nor 0',
    op: 'modifications',
    reply: { body: modificationBody({ shw: 'yes' }) },
    error: RecordValidationError,
    match: { path: 'shw', recordId: '101' },
  },
  {
    name: 'bad colour in a product sku',
    op: 'products',
    reply: { body: productBody({ sku: [{ id: '1', price: '1', color: 'red' }] }) },
    error: RecordValidationError,
    match: { path: 'sku.0.color', recordId: '12', operation: 'goods/Get' },
  },
  {
    name: 'short hex colour',
    op: 'modifications',
    reply: { body: modificationBody({ color: '#abc' }) },
    error: RecordValidationError,
    match: { path: 'color' },
  },
  {
    name: 'upper-case colour is accepted and normalised',
    op: 'modifications',
    reply: { body: modificationBody({ color: '#ABCDEF' }) },
    value: (v) => expect(first(v).color).toBe('#abcdef'),
  },
  {
    name: 'bad date',
    op: 'products',
    reply: { body: productBody({ dt: 'yesterday' }) },
    error: RecordValidationError,
    match: { path: 'dt' },
  },
  {
    name: 'impossible dd.mm.yyyy date',
    op: 'products',
    reply: { body: productBody({ dt: '31.02.2024' }) },
    error: RecordValidationError,
  },
  {
    name: 'impossible ISO 8601 date (not rolled over into March)',
    op: 'products',
    reply: { body: productBody({ dt: '2025-02-30' }) },
    error: RecordValidationError,
    match: { path: 'dt' },
  },
  {
    name: 'ISO 8601 leap day and a time on it',
    op: 'products',
    reply: { body: productBody({ dt: '2024-02-29T23:30:00+02:00' }) },
    value: (v) => expect(first(v).dt).toEqual(new Date('2024-02-29T21:30:00Z')),
  },
  {
    name: 'dt as ISO 8601, dd.mm.yyyy and unquoted seconds',
    op: 'products',
    reply: {
      body: JSON.stringify([
        { ...wireProduct, dt: '2024-03-01T10:00:00Z' },
        { ...wireProduct, id: '13', dt: '01.03.2024' },
        { ...wireProduct, id: '14', dt: 1_700_000_000 },
      ]),
    },
    value: (v) =>
      expect((v as { dt: Date }[]).map((p) => p.dt.toISOString())).toEqual([
        '2024-03-01T10:00:00.000Z',
        '2024-03-01T00:00:00.000Z',
        '2023-11-14T22:13:20.000Z',
      ]),
  },
  {
    name: 'paidtill in another format',
    op: 'domains',
    reply: { json: [{ domain: 'a.test', active: '1', ns: [], paidtill: '2030-12-31' }] },
    error: RecordValidationError,
    match: { path: 'paidtill' },
  },
  {
    name: 'quoted id beyond 2^53',
    op: 'products',
    reply: { body: productBody({ id: '9007199254740993' }) },
    error: RecordValidationError,
    match: { path: 'id', recordId: '9007199254740993' },
  },
  {
    name: 'unquoted id beyond 2^53',
    op: 'modifications',
    reply: { body: modificationBody({}).replace('"id":"101"', '"id":9007199254740993') },
    error: RecordValidationError,
    match: { path: 'id' },
  },
  {
    name: 'a price beyond 2^53 is kept as the nearest number',
    op: 'modifications',
    reply: { body: modificationBody({ price: '90071992547409930' }) },
    value: (v) => expect(first(v).price).toBe(Number('90071992547409930')),
  },
  {
    name: 'Infinity from the tolerant parser is refused',
    op: 'modifications',
    reply: {
      body: modificationBody({}).replace('"price":"199.90"', '"price":Infinity').replace('}]', ',}]'),
    },
    error: RecordValidationError,
    match: { path: 'price' },
  },
  {
    name: 'emoji and right-to-left text kept verbatim',
    op: 'products',
    reply: { body: productBody({ zag: 'Телефон 📱 — هاتف ذكي', stxt: '\u202Eabc\u202C' }) },
    value: (v) => expect(first(v)).toMatchObject({ zag: 'Телефон 📱 — هاتف ذكي', stxt: '\u202Eabc\u202C' }),
  },
  {
    name: 'txt carrying scripts is kept verbatim (sanitizing is the Astro package’s job)',
    op: 'products',
    reply: {
      body: productBody({
        txt: '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:y()">b</a>',
      }),
    },
    value: (v) =>
      expect(first(v).txt).toBe(
        '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:y()">b</a>',
      ),
  },
  {
    name: 'unknown extra fields are kept',
    op: 'products',
    reply: { body: productBody({ seo_slug: 'phone-x', extra: { a: 1 } }) },
    value: (v) => expect(first(v)).toMatchObject({ seo_slug: 'phone-x', extra: { a: 1 } }),
  },
  {
    name: 'a record without id',
    op: 'modifications',
    reply: { body: modificationBody({ id: undefined }) },
    error: RecordValidationError,
    match: { recordId: undefined, path: 'id' },
  },
];
