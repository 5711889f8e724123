/**
 * The single-file store's ceiling (build-time/staging/store-ceiling.ts): the smaller of nine tenths
 * of V8's longest string and what Node's heap can serialize, so a collection past it fails its load
 * with the limit named before Astro's serializer would run the heap out or meet the string's end.
 */
import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  checkStoreCeiling,
  HEAP_CHARS_PER_BYTE,
  STORE_CEILING_CHARS,
  storeCeiling,
} from '../src/build-time/staging/store-ceiling.js';
import { isSiteContentAstroError } from '../src/index.js';

const MiB = 2 ** 20;

describe('storeCeiling', () => {
  it("Node's default heap sets it below V8's longest string", () => {
    const ceiling = storeCeiling({}, 4288 * MiB);
    expect(ceiling.limitedBy).toBe('heap');
    expect(ceiling.chars).toBe(Math.floor(4288 * MiB * HEAP_CHARS_PER_BYTE));
    expect(ceiling.chars).toBeLessThan(STORE_CEILING_CHARS);
  });

  it("a large heap leaves V8's longest string, less a tenth", () => {
    const ceiling = storeCeiling({}, 16_384 * MiB);
    expect(ceiling).toMatchObject({
      limitedBy: 'string',
      chars: Math.floor(constants.MAX_STRING_LENGTH * 0.9),
    });
  });

  it('the measured syncs: 474,987 entries (375 M characters) pass, 569,939 (450 M) fail, on the default heap', () => {
    const ceiling = storeCeiling({}, 4288 * MiB);
    expect(() =>
      checkStoreCeiling('products', { entries: 474_987, estimatedChars: 375e6 }, ceiling),
    ).not.toThrow();
    let error: unknown;
    try {
      checkStoreCeiling('products', { entries: 569_939, estimatedChars: 449_763_085 }, ceiling);
    } catch (e) {
      error = e;
    }
    expect(isSiteContentAstroError(error, 'store_ceiling')).toBe(true);
    const message = (error as Error).message;
    expect(message).toMatch(/products: 569939 entries/);
    expect(message).toMatch(/Node's heap of 4288 MiB/);
    expect(message).toMatch(/--max-old-space-size=8576/);
    expect(message).toMatch(/on demand/);
  });
});
