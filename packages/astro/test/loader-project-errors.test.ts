/**
 * Mistakes of the project, not outages of the service: they fail the load, named, and never keep the
 * last sync's entries as an outage would.
 */
import { describe, expect, it } from 'vitest';
import { isSiteContentAstroError, productsLoader } from '../src/index.js';
import { openProject } from '../src/project/open-projects.js';
import { createStore, emulatorPerTest, loadInto, tryLoadInto } from './helpers/index.js';

describe('collection loaders against the emulator: the project’s mistakes', () => {
  const service = emulatorPerTest();

  it('a loader option function that fails is the project’s bug: named with the record, never kept stale', async () => {
    const site = service.site();
    const store = await createStore();
    await loadInto(productsLoader(), { collection: 'products', store, root: site.root });
    const before = store.keys('products').length;
    expect(before).toBe(32);
    const cases: [Parameters<typeof productsLoader>[0], RegExp][] = [
      [
        { productUrl: (p) => (p.id === 3 ? (undefined as unknown as string).toLowerCase() : `/p/${p.id}`) },
        /^products: the productUrl option, for record 3, threw: Cannot read properties of undefined/,
      ],
      [
        { productUrl: () => 42 as unknown as string },
        /^products: the productUrl option, for record 1, returned number instead of a non-empty string$/,
      ],
      [
        { seo: true, metaModule: () => undefined as unknown as string },
        /^products: the metaModule option, for record 1, returned undefined instead of a non-empty string$/,
      ],
    ];
    for (const [options, message] of cases) {
      const { t, error } = await tryLoadInto(productsLoader(options), {
        collection: 'products',
        store,
        root: site.root,
      });
      expect(isSiteContentAstroError(error, 'option_callback_failed'), String(message)).toBe(true);
      expect((error as Error).message).toMatch(message);
      // Not the outage policy: no "keeping N entries" warning, and nothing written.
      expect(t.logs.text()).not.toContain('keeping');
      expect(store.keys('products')).toHaveLength(before);
    }

    // A URL the project's function returns that is no root-relative path says where it came from.
    const relative = productsLoader({ productUrl: (p) => `products/${p.id}` });
    const { error } = await tryLoadInto(relative, { collection: 'products', store, root: site.root });
    expect((error as Error).message).toContain('(returned by the productUrl option)');
  });

  it('a loader without connection settings fails with the missing names', async () => {
    const saved = { ...process.env };
    delete process.env.SITECONTENT_BASE_URL;
    delete process.env.SITECONTENT_API_KEY;
    delete process.env.SITECONTENT_SID;
    try {
      const { error } = await tryLoadInto(productsLoader(), {
        collection: 'products',
        root: new URL('file:///tmp/sitecontent-no-integration/'),
      });
      expect(isSiteContentAstroError(error, 'missing_connection')).toBe(true);
      expect((error as Error).message).toContain('SITECONTENT_API_KEY');
      // No integration in this process: no .env file was read, and the message says so.
      expect((error as Error).message).toContain(
        'in the process environment (.env files are read only by the siteContent() integration',
      );
      // With the integration (which read the .env files, here none), the message points to .env.
      const root = new URL('file:///tmp/sitecontent-integration-without-connection/');
      openProject(root, { connection: {}, client: { concurrency: 16 }, metaMaxAge: 0, env: {} }, undefined);
      const { error: second } = await tryLoadInto(productsLoader(), { collection: 'products', root });
      expect((second as Error).message).toMatch(
        /^products: missing connection setting\(s\) baseUrl, apiKey, sid: .* in the environment or in \.env$/,
      );
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
