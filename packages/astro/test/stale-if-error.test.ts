// `stale-if-error` on on-demand pages: the header each host's real Astro cache provider writes
// (Cloudflare's, Netlify's, Vercel's, Astro's default) gets it once Astro applies the provider's
// headers to a response the middleware marked; a page not kept, a value that says it already, and
// `staleIfError: 0` are left alone.
import cloudflareCache from '@astrojs/cloudflare/cache/provider';
import netlifyCache from '@astrojs/netlify/cache/provider';
import vercelCache from '@astrojs/vercel/cache/provider';
import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_STYLE } from '../src/entries/page-url.js';
import { onDemandDefaults, onDemandOptionsSchema } from '../src/options/on-demand-options.js';
import { servingSettings } from '../src/options/serving-settings.js';
import { onDemandMiddleware } from '../src/request-time/middleware.js';
import { keepStaleIfError, withStaleIfError } from '../src/request-time/stale-if-error.js';

const request = new Request('https://shop.example/catalog/phones/12');
const options = { maxAge: 300, swr: 60, tags: ['sitecontent', 'sitecontent:products:12'] };

/** What Astro does after the middleware: the provider's headers set one by one on the response. */
function rendered(headers: Headers, seconds: number): Headers {
  const response = new Response('<html></html>');
  keepStaleIfError(response, seconds);
  for (const [name, value] of headers) response.headers.set(name, value);
  return response.headers;
}

describe('stale-if-error on the CDN header', () => {
  it.each([
    ['Cloudflare', cloudflareCache, 'cloudflare-cdn-cache-control'],
    ['Netlify', netlifyCache, 'netlify-cdn-cache-control'],
    ['Vercel', vercelCache, 'vercel-cdn-cache-control'],
  ])('%s: the provider header gains stale-if-error', (_host, factory, header) => {
    const provider = (factory as (config?: unknown) => { setHeaders(o: unknown, r: Request): Headers })();
    const headers = rendered(provider.setHeaders(options, request), 86_400);
    expect(headers.get(header)).toMatch(/max-age=300, stale-while-revalidate=60, stale-if-error=86400$/);
    // Everything else as the provider wrote it.
    expect(rendered(provider.setHeaders(options, request), 0).get(header)).not.toContain('stale-if-error');
  });

  it("Astro's default header (CDN-Cache-Control) too; other headers are untouched", () => {
    const headers = rendered(
      new Headers({ 'CDN-Cache-Control': 'max-age=300', 'Cache-Control': 'max-age=0' }),
      600,
    );
    expect(headers.get('cdn-cache-control')).toBe('max-age=300, stale-if-error=600');
    expect(headers.get('cache-control')).toBe('max-age=0');
  });

  it('a page not kept, or one that says it already, is left as it is', () => {
    expect(withStaleIfError('no-store', 60)).toBe('no-store');
    expect(withStaleIfError('private, max-age=0', 60)).toBe('private, max-age=0');
    expect(withStaleIfError('max-age=60, stale-if-error=5', 60)).toBe('max-age=60, stale-if-error=5');
  });

  it("the integration's middleware marks each page with the site's setting", async () => {
    type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;
    const page = async (settings: typeof onDemandDefaults) => {
      const handler = onDemandMiddleware(
        servingSettings({ onDemand: settings, urlStyle: DEFAULT_URL_STYLE }),
      ) as unknown as Handler;
      const response = await handler(
        { site: new URL('https://shop.example'), url: new URL('https://shop.example/p/1/'), locals: {} },
        async () => new Response('<html>'),
      );
      response.headers.set('Netlify-CDN-Cache-Control', 'public, durable, max-age=300');
      return response.headers.get('netlify-cdn-cache-control');
    };
    expect(await page(onDemandDefaults)).toBe('public, durable, max-age=300, stale-if-error=86400');
    expect(await page({ ...onDemandDefaults, staleIfError: 3600 })).toBe(
      'public, durable, max-age=300, stale-if-error=3600',
    );
    expect(await page({ ...onDemandDefaults, staleIfError: 0 })).toBe('public, durable, max-age=300');
    await page(onDemandDefaults); // the process-wide settings back to the defaults for other tests
  });

  it('the option: a day by default, 0 allowed, a negative number refused naming it', () => {
    expect(onDemandOptionsSchema.parse({}).staleIfError).toBe(86_400);
    expect(onDemandOptionsSchema.parse({ staleIfError: 0 }).staleIfError).toBe(0);
    const bad = onDemandOptionsSchema.safeParse({ staleIfError: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['staleIfError']);
  });
});
