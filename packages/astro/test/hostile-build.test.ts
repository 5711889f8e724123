import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  createFixture,
  type Emulator,
  emulator,
  type Fixture,
  type FixtureBuildEnv,
  rewritingProxy,
  STOREFRONT_FILES,
  settleAstroWrites,
} from './helpers/index.js';

const KEY = 'canary-key-hostile-5a1c9e3f7b2d';

/** Section `tx` → the URL the hostile service sends for it. */
const URL_VECTORS: Record<string, string> = {
  phones: '//evil.example/x',
  laptops: 'https://evil.example/y',
  audio: '/../../../../tmp/x',
  wearables: '/%2e%2e/x',
  archive: '/..\\..\\x',
};

describe('a hostile service in a real build', () => {
  let emu: Emulator;
  let fx: Fixture;
  let proxy: Awaited<ReturnType<typeof rewritingProxy>> | undefined;

  beforeAll(async () => {
    emu = await emulator({ keys: { [KEY]: [1] } });
  });
  const fixtures: Fixture[] = [];
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(async () => {
    await emu?.close();
    await settleAstroWrites();
    for (const fixture of fixtures) fixture.remove();
  });

  async function buildThrough(
    operation: string,
    rewrite: Parameters<typeof rewritingProxy>[2],
    env: FixtureBuildEnv = {},
  ) {
    proxy = await rewritingProxy(emu.url, operation, rewrite);
    fx = createFixture({
      ...STOREFRONT_FILES,
      '.env': `SITECONTENT_API_KEY=${KEY}\nSITECONTENT_BASE_URL=${proxy.url}\nSITECONTENT_SID=1\n`,
    });
    fixtures.push(fx);
    return buildFixture(fx, env);
  }
  const hostileSections = (rows: Record<string, unknown>[]) =>
    rows.map((row) => (String(row.tx) in URL_VECTORS ? { ...row, url: URL_VECTORS[String(row.tx)] } : row));

  it('skip: every URL vector is an invalid record, the rest builds, nothing points to another host', async () => {
    const { error, output } = await buildThrough('dir/Get', hostileSections, { FIXTURE_ON_INVALID: 'skip' });
    expect(error).toBeUndefined();
    const skipped = output
      .split('\n')
      .filter((line) => /sections: skipping record \d+: .*url: not a root-relative path/.test(line));
    expect(skipped).toHaveLength(Object.keys(URL_VECTORS).length);
    expect(output).toMatch(/sections: 9 records .*9 written.*5 invalid skipped/);
    const html = fx.allText('dist');
    expect(html).not.toContain('evil.example');
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/shop\.example\//);
    expect(fx.files('dist/products').length).toBeGreaterThan(20);
  }, 120_000);

  it('fail (the default): the build stops naming the collection, the record and the field', async () => {
    const { error } = await buildThrough('dir/Get', hostileSections);
    expect(error?.message).toMatch(
      /^sections: record \d+ is invalid at field url: .*not a root-relative path.*\(4 more invalid records\)/,
    );
  }, 120_000);

  it('a product URL off the site (productUrl or a hostile cattx) is an invalid product, field url', async () => {
    const { error } = await buildThrough('goods/Get', (rows) =>
      rows.map((row) => (Number(row.id) === 2 ? { ...row, cattx: '../../escape' } : row)),
    );
    expect(error?.message).toMatch(/^products: record 2 is invalid at field url: "\/\.\.\/\.\.\/escape\/2"/);
  }, 120_000);

  it('a product image path a browser reads as another host: the product is skipped, no page embeds it', async () => {
    // `/\\img.evil.example\\/photo.svg` is `//img.evil.example/photo.svg` to a browser.
    const { error, output } = await buildThrough(
      'goods/Get',
      (rows) =>
        rows.map((row) =>
          Number(row.id) === 1
            ? {
                ...row,
                img: [
                  {
                    id: 1,
                    path: '/\\img.evil.example\\',
                    image: 'photo.svg',
                    image_small: '',
                    image_big: '',
                  },
                ],
              }
            : row,
        ),
      { FIXTURE_ON_INVALID: 'skip' },
    );
    expect(error).toBeUndefined();
    expect(output).toMatch(/products: skipping record 1: .*img\.0\.path: .*off the site/);
    const built = fx.files('dist/products');
    expect(built.some((f) => f.startsWith('dist/products/2/'))).toBe(true);
    expect(built.some((f) => f.startsWith('dist/products/1/'))).toBe(false);
    expect(fx.allText('dist')).not.toContain('img.evil.example');
  }, 120_000);

  for (const domain of [
    'evil.example"><script>alert(1)</script>',
    'https://javascript:alert(1)',
    'user:pw@evil.example',
  ]) {
    it(`a domain of ${JSON.stringify(domain)} is a named error, not a crash`, async () => {
      const { error, output } = await buildThrough('site/DomainDefault', () => [{ domain }]);
      expect(output).toContain("could not read the site's domain (site/DomainDefault)");
      expect(output).not.toContain('Invalid URL');
      expect(error?.message).toMatch(/site\/DomainDefault.*domain/);
      expect(error?.message).not.toContain('<script>');
    }, 120_000);
  }
});
