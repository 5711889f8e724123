// The Merchant listings guide's served product feed on the on-demand site test/on-demand.test.ts
// builds (registered from there, so it shares that build and its recording proxy).
import type { Product, SiteContentClient } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';

export interface ServedFeedState {
  proxy: { take(): string[] };
  client: SiteContentClient;
  phones: Product[];
  view(path: string): Promise<{ status: number; headers: Headers; body: string }>;
  purge(body: string): Promise<Response>;
}

export function describeServedFeed(state: () => ServedFeedState): void {
  describe('the served product feed (the Merchant listings guide)', () => {
    it('an item per offer of each shown product, from one goods/Get per section; cached until a purge', async () => {
      const { proxy, client, phones, view, purge } = state();
      proxy.take();
      const miss = await view('/served-product-feed.xml');
      expect(miss.status).toBe(200);
      expect(miss.headers.get('content-type')).toContain('application/rss+xml');
      expect(miss.headers.get('x-astro-cache')).toBe('MISS');
      const items = [...miss.body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
      const multi = phones.find((p) => p.sku.length > 1)!;
      // Each variant at its price, at its product's page naming it.
      for (const sku of multi.sku) {
        const item = items.find((i) => i.includes(`<g:id>${multi.id}-${sku.id}</g:id>`)) ?? '';
        expect(item).toContain(`<g:item_group_id>${multi.id}</g:item_group_id>`);
        expect(item).toContain(`<g:price>${sku.price.toFixed(2)} USD</g:price>`);
        expect(item).toMatch(new RegExp(`<g:link>https://[^<]+/${multi.id}/\\?variant=${sku.id}</g:link>`));
      }
      const ids = items.map((i) => /<g:id>([^<]+)<\/g:id>/.exec(i)?.[1]);
      expect(new Set(ids).size).toBe(items.length);
      expect(items.length).toBeGreaterThanOrEqual(phones.length);
      const sections = await client.sections.list();
      const taken = proxy.take();
      const asked = taken.map((r) => r.split('?')[0]);
      // One read of each section's products. A page an earlier test left stale may be revalidated
      // meanwhile (a goods/Get by id), so only reads by section are counted.
      expect(taken.filter((r) => r.startsWith('goods/Get?') && /[?&]catid=/.test(r))).toHaveLength(
        sections.length,
      );
      expect(asked).not.toContain('goods/SkuGet');
      const hit = await view('/served-product-feed.xml');
      expect(hit.headers.get('x-astro-cache')).toBe('HIT');
      expect(hit.body).toBe(miss.body);
      // The same background revalidation may land here too; the feed itself asks nothing.
      expect(proxy.take().filter((r) => !/^goods\/Get\?sid=\d+&id=\d+$/.test(r))).toEqual([]);
      expect((await purge(`{"products":["${multi.id}"]}`)).status).toBe(200);
      expect((await view('/served-product-feed.xml')).headers.get('x-astro-cache')).toBe('MISS');
    });
  });
}
