// One guard for the package's errors, by code: narrowed per code, and true for a copy of a class
// from another module graph (Astro loads the config and the content config apart).
import { describe, expect, it } from 'vitest';
import { SiteContentBusyError } from '../src/errors/busy-error.js';
import { SiteContentOptionsError } from '../src/errors/options-error.js';
import { isSiteContentAstroError } from '../src/index.js';

describe('isSiteContentAstroError(error, code?)', () => {
  it('tells the errors by code', () => {
    const busy = new SiteContentBusyError('products', 4);
    expect(isSiteContentAstroError(busy)).toBe(true);
    expect(isSiteContentAstroError(busy, 'busy')).toBe(true);
    expect(isSiteContentAstroError(busy, 'invalid_options')).toBe(false);
    expect(isSiteContentAstroError(new Error('busy'))).toBe(false);
    expect(isSiteContentAstroError(Object.assign(new Error('x'), { code: 'busy' }), 'busy')).toBe(false);
    expect(isSiteContentAstroError(undefined)).toBe(false);
  });

  it('narrows to the class of the code; a misspelled code does not compile', () => {
    const error: unknown = new SiteContentOptionsError('productsLoader', ['sid: expected a number']);
    if (isSiteContentAstroError(error, 'invalid_options')) expect(error.factory).toBe('productsLoader');
    else expect.unreachable();
    // @ts-expect-error: not a code of this package
    expect(isSiteContentAstroError(error, 'options')).toBe(false);
  });

  it('is true for a copy of the class (same name and code, another class)', () => {
    const copy = Object.assign(new Error('products: 4 live lookups already wait'), {
      name: 'SiteContentBusyError',
      code: 'busy',
      collection: 'products',
      limit: 4,
    });
    expect(copy).not.toBeInstanceOf(SiteContentBusyError);
    expect(isSiteContentAstroError(copy, 'busy') && copy.limit).toBe(4);
  });
});
