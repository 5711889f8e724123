import { readFileSync } from 'node:fs';
import { createClient } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import { defaultProductUrl } from '../src/entries/product-page.js';
import {
  articlesLoader,
  domainsLoader,
  isSiteContentAstroError,
  liveProductsLoader,
  modificationsLoader,
  productsLoader,
  sectionsLoader,
  siteContent,
} from '../src/index.js';
import { resolveSiteContentOptions } from '../src/options/integration-options.js';
import { loaderOptions } from '../src/options/loader-options.js';
import { resolveConnection } from '../src/project/connection.js';
import { standaloneSettings } from '../src/project/project-settings.js';

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('did not throw');
}

describe('options are validated eagerly', () => {
  it('names each bad path', () => {
    const e = errorOf(() => productsLoader({ seo: 'yes' as never, catid: -1, onError: 'ignore' as never }));
    expect(isSiteContentAstroError(e, 'invalid_options')).toBe(true);
    expect(e.message).toContain('Invalid productsLoader() options');
    expect(e.message).toMatch(/seo: .*boolean/);
    expect(e.message).toMatch(/catid: /);
    expect(e.message).toMatch(/onError: /);
  });

  it('throws the message the collections guide quotes', () => {
    const guide = readFileSync(
      new URL('../../../docs/src/content/docs/guides/collections.md', import.meta.url),
      'utf8',
    );
    const quoted = /`productsLoader\(\{ seo: 'yes' \}\)` throws\s+`([^`]+)`/.exec(guide)?.[1];
    expect(quoted, 'the guide quotes the error').toBeDefined();
    expect(errorOf(() => productsLoader({ seo: 'yes' as never })).message).toBe(quoted);
  });

  it('rejects unknown options and bad connection settings', () => {
    expect(errorOf(() => sectionsLoader({ seoo: true } as never)).message).toContain(
      'unknown option(s) seoo',
    );
    expect(errorOf(() => articlesLoader({ baseUrl: 'ftp://x' })).message).toContain(
      'baseUrl: must be an http(s) URL',
    );
    expect(errorOf(() => modificationsLoader({ sid: 0 })).message).toContain('sid: ');
    expect(errorOf(() => domainsLoader({ apiKey: '' })).message).toContain('apiKey: must not be empty');
    expect(errorOf(() => siteContent({ concurrency: 0 })).message).toContain('concurrency: ');
    expect(errorOf(() => siteContent({ refreshEndpoint: 'x' })).message).toContain('refreshEndpoint: ');
    expect(errorOf(() => siteContent({ dev: { followCatalog: 500 } })).message).toContain(
      'dev.followCatalog: at least 1000 (ms), or false',
    );
    expect(errorOf(() => siteContent({ dev: { toolbr: false } as never })).message).toContain('toolbr');
    expect(errorOf(() => liveProductsLoader({ site: 'nope' })).message).toContain(
      'site: expected an http(s) URL',
    );
  });

  it("refuses a baseUrl the client would refuse, at the factory call (the client's rule)", () => {
    const baseUrl = 'https://api.example/?x=1';
    expect(() => createClient({ baseUrl, apiKey: 'k', sid: 1 })).toThrow(
      /baseUrl: must not carry a query string/,
    );
    for (const [factory, call] of [
      ['siteContent', () => siteContent({ baseUrl })],
      ['productsLoader', () => productsLoader({ baseUrl })],
    ] as const) {
      const e = errorOf(call);
      expect(isSiteContentAstroError(e, 'invalid_options'), factory).toBe(true);
      expect(e.message).toContain(`Invalid ${factory}() options: baseUrl: must not carry a query string`);
    }
  });

  it('accepts good options; loaders have distinct names and static schemas', () => {
    const loaders = [
      productsLoader({ seo: true, catid: 3, metaModule: (p) => (p.id > 0 ? 'goods' : 'x') }),
      modificationsLoader({ onlyVisible: true }),
      sectionsLoader({ seo: true, metaModule: 'dir' }),
      articlesLoader({ seo: true, metaModule: (_a, s) => s?.tx ?? 'article', onInvalid: 'skip' }),
      domainsLoader({ onError: 'fail' }),
    ];
    expect(new Set(loaders.map((l) => l.name)).size).toBe(5);
    expect(loaders.map((l) => l.name)).toEqual([
      'sitecontent-products',
      'sitecontent-modifications',
      'sitecontent-sections',
      'sitecontent-articles',
      'sitecontent-domains',
    ]);
    // A static schema of the entry's data (not a createSchema() function), and a closed one: an
    // empty object is no entry of any of them.
    for (const loader of loaders) {
      expect('createSchema' in loader, loader.name).toBe(false);
      expect(loader.schema.safeParse({}).success, loader.name).toBe(false);
    }
  });
});

describe('concurrency settings', () => {
  it('maxConcurrency must be at least concurrency', () => {
    expect(errorOf(() => siteContent({ concurrency: 32, maxConcurrency: 16 })).message).toContain(
      'maxConcurrency: must be at least concurrency',
    );
    expect(() => siteContent({ concurrency: 8, maxConcurrency: 16, adaptive: false })).not.toThrow();
  });

  it('is checked as the client checks it, adaptive or not', () => {
    const options = { concurrency: 8, maxConcurrency: 4, adaptive: false };
    const connection = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', sid: 1 };
    expect(() => createClient({ ...connection, ...options })).toThrow(
      /maxConcurrency: must be at least concurrency/,
    );
    expect(errorOf(() => siteContent(options)).message).toContain(
      'maxConcurrency: must be at least concurrency',
    );
  });

  it('one rule in both packages: concurrency set alone is also the ceiling, in the integration as in the client', () => {
    const connection = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', sid: 1 };
    const standalone = resolveConnection('products', connection, standaloneSettings(), false);
    expect(standalone).toMatchObject({ concurrency: 32, maxConcurrency: 64, adaptive: true });
    const resolved = resolveSiteContentOptions({ concurrency: 4 });
    expect({ concurrency: resolved.concurrency, maxConcurrency: resolved.maxConcurrency }).toEqual({
      concurrency: 4,
      maxConcurrency: 4,
    });
    expect(resolveSiteContentOptions({ concurrency: 4, maxConcurrency: 64 }).maxConcurrency).toBe(64);
    const client = createClient({ ...connection, concurrency: 4 });
    const { concurrencyLimit, maxConcurrency } = client.stats();
    void client.close();
    expect({ concurrency: concurrencyLimit, maxConcurrency }).toEqual({ concurrency: 4, maxConcurrency: 4 });
  });
});

describe('each loader reads its options with the defaults its schema holds', () => {
  it('fills in every default and keeps what is given', () => {
    const products = loaderOptions('products', {});
    expect(products).toMatchObject({
      onAuthError: 'fail',
      onInvalid: 'fail',
      sanitize: true,
      seo: false,
      sectionsCollection: 'sections',
      onlyVisible: true,
      metaModule: 'goods',
    });
    expect(products.productUrl).toBe(defaultProductUrl);
    expect(products.onError).toBeUndefined();
    expect(loaderOptions('sections', { onlyVisible: undefined })).toMatchObject({
      onlyVisible: false,
      metaModule: 'dir',
    });
    expect(loaderOptions('articles', {}).metaModule).toBeUndefined();
    expect(loaderOptions('modifications', { onlyVisible: true })).toMatchObject({
      onlyVisible: true,
      onlyVisibleProducts: true,
      productsCollection: 'products',
    });
    expect(loaderOptions('domains', { onInvalid: 'skip' })).toMatchObject({
      onInvalid: 'skip',
      onAuthError: 'fail',
    });
  });
});
