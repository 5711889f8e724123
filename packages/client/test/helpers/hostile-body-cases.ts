/**
 * Hostile answers as a whole: JSON the strict parser refuses, bodies of the wrong shape or type, and
 * answers cut short on the way.
 */
import { expect } from 'vitest';
import {
  HttpStatusError,
  NetworkError,
  RecordValidationError,
  ResponseFormatError,
} from '../../src/index.js';
import { first } from './client.js';
import { html502, modificationBody, productBody } from './fixtures.js';
import type { Case } from './hostile-corpus.js';

export const bodyCases: Case[] = [
  {
    name: 'trailing comma in the array',
    op: 'products',
    reply: { body: `[${productBody().slice(1, -1)},]` },
    value: (v) => expect(first(v).id).toBe(12),
  },
  {
    name: 'trailing comma in an object',
    op: 'modifications',
    reply: {
      body: '[{"id":"1","goods_id":"12","price":"5","articul":"A","stxt":"","shw":"1","sf":"1","sku":"","color":"",}]',
    },
    value: (v) => expect(first(v)).toMatchObject({ id: 1, price: 5, shw: true, sf: true }),
  },
  {
    name: 'trailing commas nested (sku and img arrays)',
    op: 'products',
    reply: {
      body: productBody().replace('"#FFAA00"}]', '"#FFAA00"},]').replace('"a_b.jpg"}]', '"a_b.jpg",},]'),
    },
    value: (v) => expect(first(v).sku).toHaveLength(1),
  },
  {
    name: 'repeated key: the last value wins',
    op: 'products',
    reply: { body: productBody().replace('"image":"a.jpg"', '"image":"old.jpg","image":"a.jpg"') },
    value: (v) => expect((first(v).img as { image: string }[])[0]?.image).toBe('a.jpg'),
  },
  {
    name: 'repeated key together with a trailing comma (tolerant path)',
    op: 'modifications',
    reply: {
      body: modificationBody({}).replace('"price":"199.90"', '"price":"1","price":"2"').replace('}]', ',}]'),
    },
    value: (v) => expect(first(v).price).toBe(2),
  },
  {
    name: 'empty body',
    op: 'products',
    reply: { body: '' },
    error: ResponseFormatError,
    match: { status: 200, bodyPreview: '' },
  },
  {
    name: 'HTML 502 page',
    op: 'products',
    reply: { status: 502, body: html502, headers: { 'content-type': 'text/html' } },
    error: HttpStatusError,
    match: { status: 502, serviceCode: undefined },
  },
  {
    name: 'HTML page with 200',
    op: 'products',
    reply: { body: html502, headers: { 'content-type': 'text/html' } },
    error: ResponseFormatError,
    match: { status: 200, bodyPreview: html502.slice(0, 200) },
  },
  { name: '{} instead of an array', op: 'products', reply: { body: '{}' }, error: ResponseFormatError },
  { name: 'null instead of an array', op: 'domains', reply: { body: 'null' }, error: ResponseFormatError },
  {
    name: 'a string instead of an array',
    op: 'domains',
    reply: { body: '"Ok"' },
    error: ResponseFormatError,
  },
  {
    name: 'truncated body: Content-Length larger than sent, then the socket closes',
    op: 'products',
    reply: { body: productBody().slice(0, 40), truncate: true },
    error: NetworkError,
  },
  {
    name: 'socket destroyed before any answer',
    op: 'products',
    reply: { destroy: true },
    error: NetworkError,
  },
  {
    name: 'JSON cut off mid-record (complete HTTP message)',
    op: 'products',
    reply: { body: productBody().slice(0, 60) },
    error: ResponseFormatError,
    match: { unparseable: true },
  },
  {
    name: 'wrong content type (text/html) with a valid JSON body',
    op: 'products',
    reply: { body: productBody(), headers: { 'content-type': 'text/html' } },
    value: (v) => expect(first(v).zag).toBe('Phone X'),
  },
  {
    name: 'no content type at all',
    op: 'modifications',
    reply: { body: modificationBody({}), headers: { 'content-type': 'application/octet-stream' } },
    value: (v) => expect(first(v).id).toBe(101),
  },
  {
    name: 'an array inside the array',
    op: 'products',
    reply: { body: '[[1,2]]' },
    error: RecordValidationError,
  },
  { name: 'empty array', op: 'products', reply: { body: '[]' }, value: (v) => expect(v).toEqual([]) },
  {
    name: 'create answering Ok without id',
    op: 'create',
    reply: { json: [{ message: 'Ok' }] },
    error: RecordValidationError,
    match: { path: 'id' },
  },
  {
    name: 'create answering an empty array',
    op: 'create',
    reply: { json: [] },
    error: RecordValidationError,
  },
];
