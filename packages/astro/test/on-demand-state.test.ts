/**
 * What the live loaders of one server process share across requests, against the emulator: the
 * bound on lookups in flight, one request for concurrent lookups of one id, the remembered missing
 * ids and what a purge forgets, the shared sections (bounded), and the route cache a page ends with
 * (Astro's own `AstroCache`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, type SiteContentClient } from '@sitecontent/client';
import { signPreview } from '@sitecontent/client/internal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSiteContentAstroError } from '../src/index.js';
import { onDemandDefaults } from '../src/options/on-demand-options.js';
import { EntryGuard } from '../src/request-time/live-loaders/entry-guard.js';
import { PageFreshness } from '../src/request-time/live-loaders/page-freshness.js';
import { previewOpens } from '../src/request-time/live-loaders/preview-access.js';
import { SectionLookup } from '../src/request-time/live-loaders/section-lookup.js';
import { type Emulator, emulator } from './helpers/index.js';

let emu: Emulator;
let client: SiteContentClient;
beforeAll(async () => {
  emu = await emulator();
  client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('EntryGuard', () => {
  it('shares one lookup per id, refuses lookups past maxInFlight, and counts them out again', async () => {
    const guard = new EntryGuard({ ...onDemandDefaults, maxInFlight: 2 });
    const held = deferred<{ id: number } | undefined>();
    let calls = 0;
    const get = () => {
      calls++;
      return held.promise;
    };
    const a = guard.lookup(client, 'products', 'products', '1', get);
    const b = guard.lookup(client, 'products', 'products', '1', get);
    const c = guard.lookup(client, 'products', 'products', '2', get);
    const refused = await guard.lookup(client, 'products', 'products', '3', get).catch((e: unknown) => e);
    expect(isSiteContentAstroError(refused, 'busy')).toBe(true);
    expect((refused as Error).message).toBe(
      'products: 2 live lookups already wait for the service (onDemand.maxInFlight)',
    );
    expect(calls).toBe(2);
    expect(guard.inFlight).toBe(2);
    held.resolve({ id: 1 });
    expect(await Promise.all([a, b, c])).toEqual([{ id: 1 }, { id: 1 }, { id: 1 }]);
    expect(guard.inFlight).toBe(0);
  });

  it('remembers a missing id (no call while remembered) until a purge names it', async () => {
    const guard = new EntryGuard(onDemandDefaults);
    let calls = 0;
    const missing = async () => {
      calls++;
      return undefined;
    };
    await guard.lookup(client, 'products', 'products', '9', missing);
    await guard.lookup(client, 'products', 'products', '9', missing);
    expect(calls).toBe(1);
    guard.forget({ kind: 'products', id: '99' });
    await guard.lookup(client, 'products', 'products', '9', missing);
    expect(calls).toBe(1);
    guard.forget({ kind: 'products', id: '9' });
    await guard.lookup(client, 'products', 'products', '9', missing);
    expect(calls).toBe(2);
  });
});

describe('SectionLookup', () => {
  it('asks each section once across calls, with its ancestors when wanted, and holds at most cacheSize', async () => {
    const lookup = new SectionLookup({ ...onDemandDefaults, cacheSize: 2 });
    emu.resetStats();
    const index = await lookup.index(client, { tx: ['phones', 'phones'] });
    expect([...index.byTx.keys()]).toEqual(['phones']);
    await lookup.index(client, { tx: ['phones'] });
    expect(emu.stats.byOperation['dir/Get']).toBe(1);
    const withParents = await lookup.index(client, { tx: ['phones'], ancestors: true });
    expect([...withParents.byTx.keys()]).toEqual(['phones', 'catalog']);
    expect(emu.stats.byOperation['dir/Get']).toBe(2);
    // Two answers (phones, catalog) in a cache of two: both kept.
    await lookup.index(client, { tx: ['phones', 'catalog'] });
    expect(emu.stats.byOperation['dir/Get']).toBe(2);
    // A third (by id) lets the least recently used (phones) go.
    await lookup.index(client, { id: [1] });
    await lookup.index(client, { tx: ['phones'] });
    expect(emu.stats.byOperation['dir/Get']).toBe(4);
    await lookup.index(client, { tx: ['phones'] });
    expect(emu.stats.byOperation['dir/Get']).toBe(4);
    lookup.forget({ kind: 'sections', id: 'phones' });
    await lookup.index(client, { tx: ['phones'] });
    expect(emu.stats.byOperation['dir/Get']).toBe(5);
  });
});

describe('the route cache a page of live entries ends with', () => {
  const require = createRequire(import.meta.url);
  const astroDir = dirname(require.resolve('astro/package.json'));
  type Cache = Parameters<PageFreshness['completePageCache']>[0] & {};
  const freshness = new PageFreshness();
  let AstroCache: new (provider: null) => Cache;
  beforeAll(async () => {
    const mod = await import(pathToFileURL(join(astroDir, 'dist/core/cache/runtime/cache.js')).href);
    AstroCache = mod.AstroCache;
    freshness.useSettings(onDemandDefaults);
  });
  const cacheWith = (options: Parameters<Cache['set']>[0]) => {
    const cache = new AstroCache(null);
    cache.set(options);
    return cache;
  };

  it('gets the default freshness when it set none, keeps its own, and leaves other pages alone', () => {
    const tagged = cacheWith({ tags: ['sitecontent', 'sitecontent:products', 'sitecontent:products:1'] });
    freshness.completePageCache(tagged, 200);
    expect(tagged.options).toMatchObject({ maxAge: 300, swr: 60 });
    const own = cacheWith({ tags: ['sitecontent:products'], maxAge: 30 });
    freshness.completePageCache(own, 200);
    expect(own.options.maxAge).toBe(30);
    const other = cacheWith({ tags: ['blog'] });
    freshness.completePageCache(other, 200);
    expect(other.options.maxAge).toBeUndefined();
  });

  it('a loader freshness wins for its kind; errors are never cached long', () => {
    freshness.note('articles', { maxAge: 20 });
    const articles = cacheWith({ tags: ['sitecontent:articles', 'sitecontent:articles:5'] });
    freshness.completePageCache(articles, 200);
    expect(articles.options).toMatchObject({ maxAge: 20, swr: 60 });
    const notFound = cacheWith({ tags: ['sitecontent:products'], maxAge: 3600 });
    freshness.completePageCache(notFound, 404);
    expect(notFound.options).toMatchObject({ maxAge: 30, swr: 0 });
    const failed = cacheWith({ tags: ['sitecontent:products'], maxAge: 3600 });
    freshness.completePageCache(failed, 503);
    expect(failed.options.maxAge).toBeUndefined();
    expect(failed.tags).toEqual([]);
  });
});

describe('preview links', () => {
  it('open a page with a secret of 16 characters or more, none with a shorter one (refused: preview is off)', async () => {
    const expiry = Math.floor(Date.now() / 1000) + 60;
    for (const [secret, opens] of [
      ['preview-secret-4b8e', true],
      ['short-secret', false],
    ] as const) {
      vi.stubEnv('SITECONTENT_PREVIEW_SECRET', secret);
      try {
        const token = await signPreview('product', '5', expiry, secret);
        expect(await previewOpens(token, 'product', '5'), secret).toBe(opens);
      } finally {
        vi.unstubAllEnvs();
      }
    }
  });
});
