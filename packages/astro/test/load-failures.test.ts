/** The failure policies of a load: keep-stale, fail, and refused keys, against the emulator and a broken server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSiteContentLoadError, productsLoader, sectionsLoader } from '../src/index.js';
import {
  createStore,
  type Emulator,
  emulator,
  failingServer,
  loaderContext,
  useSite,
} from './helpers/index.js';

describe('failure policy: fetch first, then change the store', () => {
  let emu: Emulator;
  let broken: Awaited<ReturnType<typeof failingServer>>;
  beforeAll(async () => {
    emu = await emulator();
    broken = await failingServer(502);
  });
  afterAll(async () => {
    await emu.close();
    await broken.close();
  });

  async function loadedThenBroken(onError?: 'keep-stale' | 'fail') {
    const good = useSite(emu);
    const store = await createStore();
    const options = onError ? { seo: true, onError } : { seo: true };
    const t1 = loaderContext(store, 'products', productsLoader(options).schema, { root: good.root });
    await productsLoader(options).load(t1.ctx);
    await good.release();
    const bad = useSite({ url: broken.url, key: emu.key, sid: emu.sid }, { retries: 0 });
    const t2 = loaderContext(store, 'products', productsLoader(options).schema, { root: bad.root });
    const error = await productsLoader(options)
      .load(t2.ctx)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    await bad.release();
    return { store, t2, error };
  }

  it('keep-stale (default with entries): keeps every entry, warns with the operation and a redacted URL', async () => {
    const { store, t2, error } = await loadedThenBroken();
    expect(error).toBeUndefined();
    expect(store.keys('products')).toHaveLength(32);
    const warning = t2.logs.lines.find((l) => l.level === 'warn')!.message;
    expect(warning).toMatch(/^products: .*goods\/Get|dir\/Get/);
    expect(warning).toContain('key=***');
    expect(warning).not.toContain(emu.key);
    expect(warning).toContain('keeping 32 entries from the previous sync');
  });

  it("onError: 'fail' fails with the same text and leaves the store untouched", async () => {
    const { store, t2, error } = await loadedThenBroken('fail');
    expect(isSiteContentLoadError(error)).toBe(true);
    expect(error!.message).toContain('key=***');
    expect(error!.message).not.toContain(emu.key);
    expect((error as { operation?: string }).operation).toMatch(/goods\/Get|dir\/Get|site\/DomainDefault/);
    expect(store.keys('products')).toHaveLength(32);
    expect(t2.logs.lines.filter((l) => l.level === 'warn')).toHaveLength(0);
  });

  it('an empty store has nothing to keep: the default fails', async () => {
    const bad = useSite({ url: broken.url, key: emu.key, sid: emu.sid }, { retries: 0 });
    const t = loaderContext(await createStore(), 'sections', sectionsLoader().schema, { root: bad.root });
    const error = await sectionsLoader()
      .load(t.ctx)
      .catch((e: unknown) => e as Error);
    await bad.release();
    expect(isSiteContentLoadError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^sections: .*dir\/Get.*no entries from an earlier sync to keep/,
    );
  });

  async function loadedThenRefused(
    refusal: { key?: string; sid?: number },
    options: { onAuthError?: 'keep-stale' | 'fail' } = {},
  ) {
    const good = useSite(emu);
    const store = await createStore();
    const schema = productsLoader().schema;
    await productsLoader(options).load(loaderContext(store, 'products', schema, { root: good.root }).ctx);
    await good.release();
    const refused = useSite({ url: emu.url, key: refusal.key ?? emu.key, sid: refusal.sid ?? emu.sid });
    const t = loaderContext(store, 'products', schema, { root: refused.root });
    const error = await productsLoader(options)
      .load(t.ctx)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    await refused.release();
    return { store, t, error };
  }

  it('a revoked key (401) fails the sync even with entries to keep, and names the fix', async () => {
    const { store, error } = await loadedThenRefused({ key: 'revoked-key-0123456789' });
    expect(isSiteContentLoadError(error)).toBe(true);
    expect(error!.message).toMatch(/^products: .*HTTP 401.*key=\*\*\*/);
    expect(error!.message).toContain('check SITECONTENT_API_KEY');
    expect(error!.message).toContain("onAuthError: 'keep-stale' would keep them");
    expect(error!.message).not.toContain('revoked-key-0123456789');
    expect(store.keys('products')).toHaveLength(32); // nothing was changed
  });

  it('a site the key may not use (403) fails and names the site', async () => {
    const { error } = await loadedThenRefused({ sid: 2 });
    expect(isSiteContentLoadError(error)).toBe(true);
    expect(error!.message).toMatch(/HTTP 403/);
    expect(error!.message).toContain('the key is not allowed for site 2');
  });

  it("onAuthError: 'keep-stale' keeps the entries and warns", async () => {
    const { store, t, error } = await loadedThenRefused(
      { key: 'revoked-key-0123456789' },
      { onAuthError: 'keep-stale' },
    );
    expect(error).toBeUndefined();
    expect(store.keys('products')).toHaveLength(32);
    expect(t.logs.text()).toMatch(/warn: products: .*HTTP 401.*keeping 32 entries from the previous sync/);
  });
});
