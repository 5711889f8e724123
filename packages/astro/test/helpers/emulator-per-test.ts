/**
 * A demo emulator of its own for each test of the calling `describe` block, so a test may change the
 * service's data, and the sites and proxies a test opens on it, all closed after the test.
 */
import { afterEach, beforeEach } from 'vitest';
import { createStore } from './data-store.js';
import { type Emulator, emulator } from './emulator.js';
import { type AnyLoader, loaderContext, type TestContext } from './loader-context.js';
import { rewritingProxy } from './proxies.js';
import { useSite } from './site.js';

type Site = ReturnType<typeof useSite>;
type Rows = Record<string, unknown>[];

export interface EmulatorPerTest {
  /** The running test's emulator. */
  readonly emu: Emulator;
  /** A new site on the emulator. */
  site(): Site;
  /** A context for `collection` on a new site; `load()` runs `loader` into it. */
  setup(
    loader: AnyLoader,
    collection: string,
    config?: { site?: string },
  ): Promise<TestContext & { site: Site; load: () => Promise<void> }>;
  /** A site whose requests to the emulator pass a proxy that rewrites the rows of `op`'s answers. */
  siteThrough(op: string, rewrite: (rows: Rows) => Rows): Promise<Site>;
  /** A site whose `op` answers carry `count` empty (invalid) records after the real ones. */
  siteWithEmptyRecords(op: string, count: number): Promise<Site>;
}

export function emulatorPerTest(): EmulatorPerTest {
  let emu: Emulator | undefined;
  const closes: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    emu = await emulator();
  });
  afterEach(async () => {
    await Promise.all(closes.splice(0).map((close) => close()));
    await emu?.close();
  });
  const running = () => {
    if (!emu) throw new Error('emulatorPerTest(): no test is running');
    return emu;
  };
  const service: EmulatorPerTest = {
    get emu() {
      return running();
    },
    site() {
      const site = useSite(running());
      closes.push(site.release);
      return site;
    },
    async setup(loader, collection, config = {}) {
      const site = service.site();
      const t = loaderContext(await createStore(), collection, loader.schema, { root: site.root, ...config });
      return { ...t, site, load: () => loader.load(t.ctx as never) };
    },
    async siteThrough(op, rewrite) {
      const { url, key, sid } = running();
      const proxy = await rewritingProxy(url, op, rewrite);
      closes.push(proxy.close);
      const site = useSite({ url: proxy.url, key, sid });
      closes.push(site.release);
      return site;
    },
    siteWithEmptyRecords: (op, count) =>
      service.siteThrough(op, (rows) => [...rows, ...Array.from({ length: count }, () => ({}))]),
  };
  return service;
}
