/** `pageCacheKey()`: a key changes exactly when something the page shows changes. */
import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '../src/index.js';

const entry = (id: string, digest: string) => ({ id, collection: 'products', digest, data: { zag: id } });

describe('pageCacheKey', () => {
  it('follows an entry by its digest, not by its identity', () => {
    expect(pageCacheKey(entry('1', 'a'))).toBe(pageCacheKey(entry('1', 'a')));
    expect(pageCacheKey(entry('1', 'a'))).not.toBe(pageCacheKey(entry('1', 'b')));
    expect(pageCacheKey(entry('1', 'a'))).not.toBe(pageCacheKey(entry('2', 'a')));
    // An entry without a digest counts by its data.
    expect(pageCacheKey({ id: '1', data: { a: 1 } })).not.toBe(pageCacheKey({ id: '1', data: { a: 2 } }));
  });

  it('follows other objects and dates by what they hold', () => {
    const product = entry('1', 'a');
    expect(pageCacheKey(product, { currency: 'EUR' })).not.toBe(pageCacheKey(product, { currency: 'USD' }));
    expect(pageCacheKey(product, { currency: 'EUR', vat: true })).toBe(
      pageCacheKey(product, { vat: true, currency: 'EUR' }),
    );
    expect(pageCacheKey(product, { nested: { a: [1, 2] } })).not.toBe(
      pageCacheKey(product, { nested: { a: [1, 3] } }),
    );
    expect(pageCacheKey(product, new Date('2020-01-01'))).not.toBe(
      pageCacheKey(product, new Date('2030-01-01')),
    );
    expect(pageCacheKey(product, new Date('2020-01-01'))).toBe(pageCacheKey(product, new Date('2020-01-01')));
  });

  it('tells parts apart: order, kind, and a string with a line break', () => {
    expect(pageCacheKey('a', 'b')).not.toBe(pageCacheKey('b', 'a'));
    expect(pageCacheKey(1)).not.toBe(pageCacheKey('1'));
    expect(pageCacheKey('a\nstring:b')).not.toBe(pageCacheKey('a', 'b'));
    expect(pageCacheKey(['a', 'b'])).not.toBe(pageCacheKey('a', 'b'));
  });

  it('a list changed in place since its last key gets a new one', () => {
    const list = [entry('1', 'a'), entry('2', 'a')];
    const before = pageCacheKey(list);
    expect(pageCacheKey(list)).toBe(before);
    list.push(entry('3', 'a'));
    const grown = pageCacheKey(list);
    expect(grown).not.toBe(before);
    list[0] = entry('1', 'changed');
    expect(pageCacheKey(list)).not.toBe(grown);
    // A list of lists (whose items could change inside) is hashed each time.
    const outer = [['x']];
    const first = pageCacheKey(outer);
    outer[0]!.push('y');
    expect(pageCacheKey(outer)).not.toBe(first);
  });

  it('a value that refers to itself is a clear error, not a stack overflow', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => pageCacheKey(loop)).toThrow(/nested more than 64 levels deep \(does it refer to itself\?\)/);
  });
});
