/**
 * Real Astro builds of a fixture storefront against the emulator: typed data in pages, SEO tags,
 * render(), sanitization, digests across builds, deletion, keep-stale and fail, onInvalid, and the
 * API key absent from dist/, the data store and the logs. One fixture, builds in sequence.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  createFixture,
  type Emulator,
  emulator,
  type Fixture,
  type FixtureBuildEnv,
  failingServer,
  STOREFRONT_FILES,
  settleAstroWrites,
} from './helpers/index.js';

const KEY = 'canary-key-7f3a9c1e5b2d4f60';

describe('fixture builds against the emulator', () => {
  let emu: Emulator;
  let fx: Fixture;
  let broken: Awaited<ReturnType<typeof failingServer>>;
  const outputs: string[] = [];

  async function runBuild(env: FixtureBuildEnv = {}) {
    const result = await buildFixture(fx, env);
    outputs.push(result.output, result.error?.message ?? '');
    return result;
  }
  const page = (path: string) => fx.read(`dist/${path}/index.html`);

  beforeAll(async () => {
    emu = await emulator({ keys: { [KEY]: [1] } });
    broken = await failingServer(502);
    emu.exec(
      `UPDATE products SET txt = '<p>Safe <b>bold</b><script>alert(1)</script><img src="/x.png" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://ok.example/">ok</a></p>' WHERE id = 2`,
    );
    fx = createFixture({
      ...STOREFRONT_FILES,
      '.env': `SITECONTENT_API_KEY=${KEY}\nSITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_SID=1\n`,
    });
  });
  afterAll(async () => {
    await emu?.close();
    await broken?.close();
    await settleAstroWrites();
    fx?.remove();
  });

  it('first build: typed data, SEO tags with and without service meta, render(), sanitized HTML, site from the service', async () => {
    const { error, output } = await runBuild();
    expect(error).toBeUndefined();
    expect(output).toContain('site set to https://shop.example (site/DomainDefault)');
    // The catalog is followed by `astro dev` only: a build reads it once, through its loaders.
    expect(output).not.toContain('following the catalog');
    expect(output).toMatch(/products: 32 records in \d+ ms .*32 written, 0 unchanged, 0 removed/);
    // 63 demo modifications; the hidden product's one has no product entry to refer to.
    expect(output).toMatch(/modifications: 62 records .*62 written/);
    // The build log's last word on the service: its requests by operation and status, as the emulator counted them.
    const asked = /(\d+) requests to the service: (.*)/.exec(output);
    expect(asked?.[1], output.slice(-2000)).toBe(String(emu.stats.total));
    for (const [operation, statuses] of Object.entries(emu.stats.byOperationStatus)) {
      const total = Object.values(statuses).reduce((sum, n) => sum + n, 0);
      expect(asked?.[2]).toContain(`${operation} ${total} (`);
    }

    expect(page('')).toContain('products=32 sections=14 modifications=62 domains=1.sites.test|shop.example');
    expect(page('')).toContain('<li>catalog:phones,laptops,audio,wearables,archive</li>');

    const p1 = page('products/1');
    expect(p1).toContain('<title>Aurora X1 — buy online | Lumen &amp; Oak</title>');
    expect(p1).toContain('<meta name="keywords" content="aurora x1, aurora mobile, phones">');
    // The fixture shows products at /products/<id>, not at their data.url: seoAt gives the page's own
    // URL, ending with / as Astro's defaults name the page.
    expect(p1).toContain('<link rel="canonical" href="https://shop.example/products/1/">');
    expect(p1).toContain(
      '<meta property="og:image" content="https://shop.example/img/goods/aurora-x1/photo-1.svg">',
    );
    expect(p1).toContain('title=service,description=service');
    // The service's og_title is the OpenGraph description; og:title is the page title.
    expect(p1).toContain('<meta property="og:title" content="Aurora X1 — buy online | Lumen &amp; Oak">');
    expect(p1).toContain(
      '<meta property="og:description" content="A 6.4-inch flagship with a calm, glare-free display and a two-day battery.">',
    );
    expect(p1).toContain('<p id="price">699.00</p>');
    expect(p1).toContain('<p id="added">2025-01-18T09:00:00.000Z</p>');
    expect(p1).toContain('<nav id="crumbs">Catalog / Phones / Aurora X1</nav>');
    expect(p1).toContain('<article id="body"><p>The Aurora X1 is the phone');

    const p6 = page('products/6');
    expect(p6).toContain('<title>Halo Wireless Charger</title>');
    expect(p6).toContain(
      'title=fallback,description=fallback,keywords=fallback,ogDescription=fallback,ogImage=fallback',
    );
    expect(p6).not.toContain('name="keywords"');
    expect(p6).toContain('<link rel="canonical" href="https://shop.example/products/6/">');

    const body2 = page('products/2').split('<article id="body">')[1]!;
    expect(body2).toContain('<b>bold</b>');
    expect(body2).toContain('<a href="https://ok.example/">ok</a>');
    expect(body2).toContain('<img src="/x.png" />');
    expect(body2).not.toMatch(/<script|onerror|javascript:/);

    expect(page('articles/1')).toContain('<p id="section">blog</p>');
    expect(page('articles/1')).toContain('title=service');
    expect(fx.files('dist/products')).toHaveLength(32);
  });

  it('entry types flow from the loaders into getCollection() without a user schema', () => {
    fx.write(
      'src/typed-check.ts',
      `import { getCollection, getEntry } from 'astro:content';
const products = await getCollection('products');
const product = products[0]!;
const price: number = product.data.sku[0]!.price;
const title: string | undefined = product.data.seo?.title;
const ogDescription: string | undefined = product.data.seo?.ogDescription;
const extra: Record<string, unknown> | undefined = product.data.extra;
// Relations are references: getEntry() returns the typed entry of the other collection.
const section = product.data.section ? await getEntry(product.data.section) : undefined;
const sectionTitle: string | undefined = section?.data.zag;
const grandparent = section?.data.parent ? await getEntry(section.data.parent) : undefined;
const grandparentUrl: string | undefined = grandparent?.data.url;
const article = await getEntry('articles', '1');
const articleSection = article?.data.section ? await getEntry(article.data.section) : undefined;
const articleSectionTx: string | undefined = articleSection?.data.tx;
const modifications = await getCollection('modifications');
const owner = await getEntry(modifications[0]!.data.product);
const ownerVendor: string | undefined = owner?.data.vendor;
const paid: Date | null | undefined = (await getEntry('domains', 'shop.example'))?.data.paidtill;
// @ts-expect-error zag is a string: this line fails to compile if data were untyped (any)
const wrong: number = product.data.zag;
// Every misspelled field is an error, in every collection and in nested objects:
// @ts-expect-error products: zga
product.data.zga;
// @ts-expect-error products: prise in a sku item
product.data.sku[0]!.prise;
// @ts-expect-error products: imgae in a photo
product.data.img[0]?.imgae;
// @ts-expect-error products: titel in seo
product.data.seo?.titel;
// @ts-expect-error sections: parnet
(await getCollection('sections'))[0]!.data.parnet;
// @ts-expect-error articles: titel
article?.data.titel;
// @ts-expect-error modifications: prise
modifications[0]!.data.prise;
// @ts-expect-error domains: domian
(await getCollection('domains'))[0]!.data.domian;
// @ts-expect-error a reference points at one collection: an article is no section
const notASection: string | undefined = (article?.data.section ? await getEntry(article.data.section) : undefined)?.data.vendor;
export { price, title, ogDescription, extra, sectionTitle, grandparentUrl, articleSectionTx, ownerVendor, paid, wrong, notASection };
`,
    );
    fx.write(
      'tsconfig.json',
      JSON.stringify({
        extends: 'astro/tsconfigs/strict',
        include: ['.astro/types.d.ts', 'src/typed-check.ts'],
        compilerOptions: { noEmit: true, types: ['node'] },
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = () =>
      execFileSync(process.execPath, [tsc, '-p', fx.root], { encoding: 'utf8', stdio: 'pipe' });
    expect(run).not.toThrow();
  }, 60_000);

  it('second build: unchanged records are not rewritten, one change rewrites one entry, a deletion removes the page', async () => {
    emu.exec(`UPDATE products SET zag = 'Aurora X1 (2026)' WHERE id = 1`);
    emu.exec('DELETE FROM products WHERE id = 3');
    const { error, output } = await runBuild();
    expect(error).toBeUndefined();
    expect(output).toMatch(/products: 31 records .*1 written, 30 unchanged, 1 removed/);
    expect(output).toMatch(/sections: 14 records .*0 written, 14 unchanged, 0 removed/);
    expect(output).toMatch(/articles: 11 records .*0 written, 11 unchanged, 0 removed/);
    expect(output).not.toContain('Clearing content store');
    expect(output).not.toContain('this site was built from stored entries');
    expect(page('products/1')).toContain('<h1>Aurora X1 (2026)</h1>');
    expect(fx.files('dist/products').some((f) => f.includes('products/3/'))).toBe(false);
  });

  it('keep-stale: a failing service keeps the previous entries and the build succeeds with a warning', async () => {
    const { error, output } = await runBuild({ SITECONTENT_BASE_URL: broken.url, FIXTURE_RETRIES: '0' });
    expect(error).toBeUndefined();
    expect(output).toContain('using shop.example from the last successful build');
    expect(output).toContain('site set to https://shop.example (remembered from the last successful build)');
    expect(output).toMatch(
      /products: .*(goods|dir)\/Get.*key=\*\*\*.*keeping 31 entries from the previous sync/,
    );
    expect(output).toMatch(/sections: .*dir\/Get.*keeping 14 entries/);
    // One line at the end names every collection that kept its entries, after the page lines.
    const summary = output
      .split('\n')
      .find((line) => line.includes('this site was built from stored entries, not from the service'));
    expect(summary).toBeDefined();
    // Each collection with the age of its entries: the builds before this one made them.
    for (const collection of ['products', 'sections', 'articles', 'modifications', 'domains']) {
      expect(summary).toMatch(
        new RegExp(`${collection} \\(last changed \\d+ min ago, \\d{4}-\\d\\d-\\d\\dT`),
      );
    }
    // Why, with the key masked, and what to do instead.
    expect(summary).toMatch(/why: .*(goods|dir)\/Get.*key=\*\*\*/);
    expect(summary).toContain("onError: 'fail' fails such a build instead");
    const lastPageLine = output.lastIndexOf('/products/1/index.html');
    expect(lastPageLine).toBeGreaterThan(-1);
    expect(lastPageLine).toBeLessThan(output.indexOf(summary!));
    expect(page('products/1')).toContain('<h1>Aurora X1 (2026)</h1>');
    expect(fx.files('dist/products')).toHaveLength(31);
  });

  it('a revoked key fails the build even with a store to keep, naming the fix; onAuthError keep-stale builds', async () => {
    const revoked = 'revoked-key-0f9e8d7c6b5a';
    const strict = await runBuild({ SITECONTENT_API_KEY: revoked });
    expect(strict.error?.message).toMatch(/HTTP 401.*the API key is missing, mistyped or revoked/);
    expect(strict.error?.message).toContain("onAuthError: 'keep-stale' would keep them");
    expect(`${strict.output}${strict.error?.message}`).not.toContain(revoked);

    const lenient = await runBuild({ SITECONTENT_API_KEY: revoked, FIXTURE_ON_AUTH_ERROR: 'keep-stale' });
    expect(lenient.error).toBeUndefined();
    expect(lenient.output).toMatch(/products: .*HTTP 401.*keeping 31 entries from the previous sync/);
    expect(fx.files('dist/products')).toHaveLength(31);
  });

  it("onError: 'fail' fails the build with the operation and the redacted URL", async () => {
    const { error } = await runBuild({
      SITECONTENT_BASE_URL: broken.url,
      FIXTURE_RETRIES: '0',
      FIXTURE_ON_ERROR: 'fail',
    });
    expect(error).toBeDefined();
    expect(error!.message).toMatch(/(products|sections|articles|modifications|domains): .*\/(Get|DomainAll)/);
    expect(error!.message).toContain('key=***');
  });

  it("onInvalid: 'fail' names collection, record and field; 'skip' builds without the record", async () => {
    emu.exec(`UPDATE modifications SET color = 'red' WHERE id = 5`);
    const strict = await runBuild();
    expect(strict.error?.message).toMatch(
      /(modifications|products): record \d+ is invalid at field (sku\.\d+\.)?color/,
    );

    const lenient = await runBuild({ FIXTURE_ON_INVALID: 'skip' });
    expect(lenient.error).toBeUndefined();
    expect(lenient.output).toMatch(/modifications: skipping record 5: .*color/);
    emu.exec(`UPDATE modifications SET color = '#000000' WHERE id = 5`);
  });

  it('the API key is nowhere in dist/, the data store, .astro/ or the build output', () => {
    expect(fx.files('.cache').some((f) => f.endsWith('data-store.json'))).toBe(true);
    for (const dir of ['dist', '.cache', '.astro']) expect(fx.allText(dir)).not.toContain(KEY);
    expect(outputs.join('\n')).not.toContain(KEY);
    expect(outputs.length).toBeGreaterThan(0);
  });
});
