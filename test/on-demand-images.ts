// The On-demand guide's page with photos (`pageImages({ onRequest: true })`) on the on-demand site
// test/on-demand.test.ts builds (registered from there, so it shares that build), served against an
// image host that takes connections and never answers: the page renders without asking it, names its
// photo and share image by Astro's /_image route at the sizes it decided, and the host is asked
// when a browser asks for the photo.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '@sitecontent/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_HOST_ENV } from './helpers/on-demand-pages.js';
import { imageHost, type ServedSite } from './helpers/on-demand-site.js';
import { repoRoot } from './helpers/storefront.js';

export interface OnDemandImagesState {
  /** A server of the built site with the service's connection and `env`. */
  serveBuilt(env: Record<string, string>): Promise<ServedSite>;
  phones: Product[];
}

/** A 1200 × 630 PNG: what the image host answers once it answers. */
const PNG = readFileSync(path.join(repoRoot, 'example-site/src/assets/share-default.png'));

/** The width and height a WebP file states (lossy, lossless or extended). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(bytes);
  expect(b.toString('latin1', 0, 4) + b.toString('latin1', 8, 12)).toBe('RIFFWEBP');
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  const bits = b.readUInt32LE(21);
  return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
}

/** The attributes of the first `<tag …>` in `html` (values as written, entities decoded). */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? '';
  return Object.fromEntries(
    [...element.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]),
  );
}

const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

export function describeOnDemandImages(state: () => OnDemandImagesState): void {
  describe('photos and share images on demand (the On-demand guide), the image host silent', () => {
    let host: Awaited<ReturnType<typeof imageHost>>;
    let served: ServedSite;
    let product: Product;
    let photoPath: string | undefined;
    let bigPath: string | undefined;
    let page: { status: number; headers: Headers; body: string };

    beforeAll(async () => {
      host = await imageHost(PNG);
      served = await state().serveBuilt({ [IMAGE_HOST_ENV]: host.url });
      // A phone no other test of the suite changes, with a photo.
      product = state()
        .phones.filter((p) => p.img.length > 0)
        .at(-1)!;
      // Where the host is asked for its first photo (the service's URLs name the site's domain).
      [photoPath, bigPath] = [product.img[0]!.urls.image, product.img[0]!.urls.big].map(
        (u) => new URL(u).pathname,
      );
    });
    afterAll(async () => {
      await served?.close();
      await host?.close();
    });

    it('the first view renders without a request to the image host, naming /_image at the sizes it decided', async () => {
      // A render that waited on the host would wait here until the signal gives up.
      const response = await fetch(`${served.url}/photos/${product.id}`, {
        signal: AbortSignal.timeout(10_000),
      });
      page = { status: response.status, headers: response.headers, body: await response.text() };
      expect(page.status).toBe(200);
      expect(page.headers.get('x-astro-cache')).toBe('MISS');
      // Nothing sent while rendering, nor left to arrive after it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(host.take()).toEqual([]);

      const photo = attributesOf(page.body, 'img');
      expect([photo.width, photo.height]).toEqual(['800', '600']);
      const src = new URL(photo.src!, served.url);
      expect(src.pathname).toBe('/_image');
      expect(Object.fromEntries(src.searchParams)).toEqual({
        href: `${host.url}${photoPath}`,
        w: '800',
        h: '600',
        f: 'webp',
        fit: 'cover',
      });
      expect(photo.srcset).toMatch(/^\/_image\?\S+ 400w, \/_image\?\S+ 800w$/);

      const share = new URL(metaOf(page.body, 'og:image') ?? '');
      expect(share.origin).toMatch(/^https:\/\//);
      expect(share.pathname).toBe('/_image');
      expect(Object.fromEntries(share.searchParams)).toEqual({
        href: `${host.url}${bigPath}`,
        w: '1200',
        h: '630',
        f: 'jpeg',
        fit: 'cover',
      });
      expect(metaOf(page.body, 'og:image:width')).toBe('1200');
      expect(metaOf(page.body, 'og:image:height')).toBe('630');
      expect(metaOf(page.body, 'og:image:type')).toBe('image/jpeg');
      expect(served.output()).not.toContain('Failed to get the dimensions');
    });

    it('the browser asking for the photo asks the image host: the photo waits on it, the page did not', async () => {
      const photo = new URL(attributesOf(page.body, 'img').src!, served.url);
      const asking = new AbortController();
      const pending = fetch(photo, { signal: asking.signal }).catch(() => undefined);
      for (let i = 0; i < 100 && host.state.requests.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(host.take()).toEqual([photoPath]);
      asking.abort();
      await pending;

      // The host answering again, the same URL is the photo the page named: a WebP of 800 × 600.
      host.state.silent = false;
      const answer = await fetch(photo);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(webpSize(new Uint8Array(await answer.arrayBuffer()))).toEqual({ width: 800, height: 600 });
      expect(host.take()).toEqual([photoPath]);
      // The page itself is cached: a second view asks neither the host nor anything else of it.
      expect((await fetch(`${served.url}/photos/${product.id}`)).headers.get('x-astro-cache')).toBe('HIT');
      expect(host.take()).toEqual([]);
    });
  });
}
