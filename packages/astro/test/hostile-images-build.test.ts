/**
 * Images a build cannot read never fail it: a real Astro build through a service whose meta
 * `og_image` values 404, hold markup or are not images, and whose product photos 404. Every page
 * is written, falling back to the linked photo and the site's default share image; the log names
 * each bad record and field once; the SEO check counts them as warnings.
 */
import { createServer } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  createFixture,
  type Emulator,
  emulator,
  type Fixture,
  rewritingProxy,
  STOREFRONT_FILES,
  settleAstroWrites,
} from './helpers/index.js';
import { listenLocal } from './helpers/local-server.js';

const KEY = 'canary-key-hostile-images-77d0';

/** The bad `og_image` a meta record gets, by its place: a 404, markup, a file that is not an image. */
const BAD_OG_IMAGES = ['/img/gone.jpg', '/img/"><script>alert(1)</script>.jpg', '/img/not-an-image.jpg'];

const PRODUCT_PAGE = `---
import { getImage, inferRemoteSize } from 'astro:assets';
import { getCollection } from 'astro:content';
import { imageUrls, pageImages, pageSeo } from '@sitecontent/astro';
import share from '../../assets/share.png';
export async function getStaticPaths() {
  const products = await getCollection('products');
  return products.map((entry) => ({ params: { id: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const images = pageImages({ getImage, inferRemoteSize, defaultShareImage: share, readFrom: process.env.FIXTURE_PHOTO_ORIGIN, site: Astro.site });
const seo = pageSeo(entry, { site: Astro.site! });
const photos = imageUrls(entry, { origin: '' });
const owner = { collection: 'products', id: entry.data.id, field: 'img' };
const shown = await Promise.all(photos.map((p) => images.shown(p.src, owner, 400, [200])));
const search = await images.search(photos.map((p) => p.big), owner);
const shareImage = await images.share(entry.data.seo?.ogImage, { collection: 'meta', id: entry.data.url, field: 'og_image' }, seo.title);
---
<html><head><title>{seo.title}</title><link rel="canonical" href={seo.canonical} />
<meta property="og:image" content={new URL(shareImage.src, Astro.site).href} />
<meta property="og:image:width" content={String(shareImage.width)} /><meta property="og:image:height" content={String(shareImage.height)} />
<script type="application/ld+json" set:html={JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', image: search })} />
</head><body>{shown.map((p) => <img src={p.src} srcset={p.srcset} width={p.width} height={p.height} alt="" />)}</body></html>
`;

describe('images the build cannot read', () => {
  let emu: Emulator;
  let photos: Awaited<ReturnType<typeof listenLocal>>;
  let proxy: Awaited<ReturnType<typeof rewritingProxy>>;
  let fx: Fixture;
  let result: Awaited<ReturnType<typeof buildFixture>>;

  beforeAll(async () => {
    emu = await emulator({ keys: { [KEY]: [1] } });
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3f7d58' } })
      .png()
      .toBuffer();
    // The site's photos: one real image; a text file under an image's name; every other path a 404.
    photos = await listenLocal(
      createServer((req, res) => {
        if (req.url === '/img/good.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        else if (req.url === '/img/not-an-image.jpg')
          res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>moved</html>');
        else res.writeHead(404).end();
      }),
    );
    let n = 0;
    proxy = await rewritingProxy(emu.url, 'meta/Get', (rows) =>
      rows.map((row) => ({ ...row, og_image: BAD_OG_IMAGES[n++ % BAD_OG_IMAGES.length] })),
    );
    const { 'src/pages/products/[id].astro': _plain, ...files } = STOREFRONT_FILES;
    fx = createFixture({
      ...files,
      'astro.config.mjs': `import { defineConfig } from 'astro/config';
import { siteContent } from '@sitecontent/astro';
export default defineConfig({
  cacheDir: './.cache',
  integrations: [siteContent({ concurrency: 8, seoCheck: 'warn' })],
  image: { remotePatterns: [{ protocol: 'http', hostname: '127.0.0.1' }] },
});
`,
      'src/pages/products/[id].astro': PRODUCT_PAGE,
      '.env': `SITECONTENT_API_KEY=${KEY}\nSITECONTENT_BASE_URL=${proxy.url}\nSITECONTENT_SID=1\n`,
    });
    fx.write('src/assets/share.png', '');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${fx.root}/src/assets/share.png`, png);
    process.env.FIXTURE_PHOTO_ORIGIN = photos.url;
    try {
      result = await buildFixture(fx);
    } finally {
      delete process.env.FIXTURE_PHOTO_ORIGIN;
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([proxy?.close(), photos?.close(), emu?.close()]);
    await settleAstroWrites();
    fx?.remove();
  });

  it('completes, every product page written with the default share image and its photos as linked', () => {
    expect(result.error).toBeUndefined();
    const pages = fx.files('dist/products').filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const html = fx.read(page);
      expect(html, page).toMatch(
        /<meta property="og:image" content="https:\/\/shop\.example\/_astro\/share[^"]*\.png"/,
      );
      expect(html, page).not.toContain('<script>alert');
      // Search images fall back to the default share image, never to an SVG.
      expect(html, page).toMatch(/"image":\["\/_astro\/share[^"]*\.png"\]/);
    }
  });

  it('names each bad record and field once in the log, and why', () => {
    const lines = result.output.split('\n').filter((line) => /\[@sitecontent\/astro\] .*, field /.test(line));
    const named = lines
      .map((line) => /\] (\w+ \S+), field (\w+):/.exec(line)?.slice(1).join(' '))
      .filter(Boolean);
    expect(new Set(named).size).toBe(named.length);
    const productsWithPhotos = named.filter((n) => n!.startsWith('products ')).length;
    expect(productsWithPhotos).toBeGreaterThan(20);
    expect(lines.some((l) => /field og_image: image .*gone\.jpg" cannot be read/.test(l))).toBe(true);
    expect(lines.some((l) => /field og_image: image .*script.* holds markup/.test(l))).toBe(true);
    expect(lines.some((l) => /field og_image: image .*not-an-image\.jpg" cannot be read/.test(l))).toBe(true);
    expect(result.output).not.toContain(KEY);
  });

  it('the SEO check counts each as a warning, not a problem', () => {
    // The check logs its summary, then one line per problem, then one per warning.
    const lines = result.output.split('\n').filter((l) => l.includes('[@sitecontent/astro/seo-check]'));
    const at = lines.findIndex((l) => /seo check: \d+ pages checked/.test(l));
    const [, problems, warnings] = /(\d+) problems?, (\d+) warnings?/.exec(lines[at]!)!.map(Number);
    const problemLines = lines.slice(at + 1, at + 1 + problems!);
    const warningLines = lines.slice(at + 1 + problems!, at + 1 + problems! + warnings!);
    expect(problemLines.filter((l) => l.includes('fell back'))).toEqual([]);
    const fellBack = warningLines.filter((l) => l.includes('its page fell back'));
    const named = result.output
      .split('\n')
      .filter((l) => /\[@sitecontent\/astro\] .*, field /.test(l)).length;
    expect(fellBack).toHaveLength(named);
    expect(fellBack.some((l) => /products \d+: field img: image "[^"]+" cannot be read/.test(l))).toBe(true);
  });
});
