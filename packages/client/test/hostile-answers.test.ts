/**
 * Answers well formed but wrong for the request (another page's record, an error as a success), and
 * a domain lookup that fails: named errors, or the origin the caller said to fall back on.
 */
import { describe, expect, it } from 'vitest';
import { RecordValidationError, ResponseFormatError } from '../src/index.js';
import { catchError, first, testClient, useTestClient } from './helpers/client.js';
import { productBody, wireModification, wireProduct } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

describe('answers that do not fit the request', () => {
  const meta = (over: Record<string, unknown>) => ({
    id: '1',
    md: 'goods',
    ttl: 'Page one',
    dsc: '',
    kwd: '',
    og_title: '',
    og_image: '',
    ...over,
  });

  it("another page's meta (a cache that ignores the query string) is an error naming both ids", async () => {
    server.script('meta/Get', { json: [meta({})] });
    const err = await catchError(client.meta.get('goods', 3));
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect(err).toMatchObject({ operation: 'meta/Get', unparseable: false });
    expect((err as Error).message).toContain(
      'a record with id "1" where the request asked for id="3": the service, or a cache in front of it, ignored the query',
    );
    server.script('meta/Get', { json: [meta({ id: '3', md: 'dir' })] });
    expect(((await catchError(client.meta.get('goods', 3))) as Error).message).toContain(
      'a record with md "dir" where the request asked for md="goods"',
    );
    server.script('meta/Get', { json: [meta({ id: '3' })] });
    expect(await client.meta.get('goods', 3)).toMatchObject({ id: 3, ttl: 'Page one' });
  });

  it("another product's modifications are an error, not modifications of this product", async () => {
    server.script('goods/SkuGet', { json: [wireModification] });
    const err = await catchError(client.modifications.list({ goodsId: 13 }));
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain(
      'a record with goods_id "12" where the request asked for goods_id="13"',
    );
  });

  it("the service's error shape with HTTP 200 is an error with its message, not an invalid record", async () => {
    server.script('goods/Get', { json: [{ message: 'Database unavailable', error: 'db_error' }] });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(ResponseFormatError);
    expect((err as Error).message).toContain(
      'an error answered as a success: Database unavailable (db_error)',
    );
  });

  it('a field nested thousands of levels deep in valid JSON is an invalid record, not a stack overflow later', async () => {
    const depth = 5000;
    const body = productBody().replace('"zag":', `"junk":${'['.repeat(depth)}${']'.repeat(depth)},"zag":`);
    server.script('goods/Get', { body });
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(RecordValidationError);
    expect(err).toMatchObject({ path: 'junk', recordId: '12' });
    expect((err as Error).message).toContain('junk: nested deeper than 64 levels');
    // 60 levels are a record like any other (kept under its name by the loaders' `extra`).
    server.script('goods/Get', {
      body: productBody().replace('"zag":', `"junk":${'['.repeat(60)}${']'.repeat(60)},"zag":`),
    });
    expect(await client.products.list()).toHaveLength(1);
  });
});
describe('fallbackSiteOrigin', () => {
  it('gives the image origin when site/DomainDefault fails, is kept for the calls after, and yields to an answer', async () => {
    let asked = 0;
    const lookupsBefore = server.requestsTo('site/DomainDefault').length;
    const c = testClient(server, {
      siteOrigin: undefined,
      fallbackSiteOrigin: () => {
        asked++;
        return 'https://remembered.example/some/path';
      },
    });
    try {
      server.script('site/DomainDefault', { status: 503, json: [{ message: 'down', error: 'unavailable' }] });
      server.script('goods/Get', { json: [wireProduct] });
      expect(first(await c.products.list()).img).toMatchObject([
        { urls: { image: 'https://remembered.example/upload/goods/12/a.jpg' } },
      ]);
      await c.products.list();
      expect(asked).toBe(1);
      expect(server.requestsTo('site/DomainDefault').length - lookupsBefore).toBe(1);
      // A refresh wants the service's own answer: its failure is not hidden by the fallback.
      expect(((await catchError(c.site.origin({ refresh: true }))) as Error).message).toMatch(
        /site\/DomainDefault failed with HTTP 503/,
      );
      // Asked again on refresh: an answer wins over the fallback.
      server.script('site/DomainDefault', { json: [{ domain: 'shop.example' }] });
      expect(await c.site.origin({ refresh: true })).toBe('https://shop.example');
    } finally {
      await c.close();
    }
    // No usable fallback: the lookup's own error.
    const none = testClient(server, { siteOrigin: undefined, fallbackSiteOrigin: () => 'not a url' });
    try {
      server.script('site/DomainDefault', { status: 503, json: [{ message: 'down', error: 'unavailable' }] });
      expect(((await catchError(none.products.list())) as Error).message).toMatch(
        /site\/DomainDefault failed with HTTP 503/,
      );
    } finally {
      await none.close();
    }
  });
});
