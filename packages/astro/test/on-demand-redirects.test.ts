// On-demand sites answer the URL history's old URLs in the middleware, after the route: a URL no
// page answers (a 404) that the history knows redirects in one hop, keeping its query; a URL that is
// a page again (an editor's undo, found on demand after the build) is never redirected.
import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_STYLE } from '../src/entries/page-url.js';
import { emptyUrlHistory, noteCurrentUrls } from '../src/entries/url-history.js';
import { servingSettings } from '../src/options/serving-settings.js';
import { onDemandMiddleware } from '../src/request-time/middleware.js';

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;

let history = noteCurrentUrls(emptyUrlHistory(), 'sections', new Map([['7', '/catalog/phones/']]));
history = noteCurrentUrls(history, 'sections', new Map([['7', '/catalog/mobiles/']]));

/** The middleware's answer at `path` when the route answered `status`. */
async function answer(path: string, status: number): Promise<Response> {
  const handler = onDemandMiddleware(
    servingSettings({ onDemand: {}, urlStyle: DEFAULT_URL_STYLE }),
    history,
  ) as unknown as Handler;
  const url = new URL(path, 'https://shop.example');
  return handler(
    { site: new URL('https://shop.example'), url, locals: {} },
    async () =>
      new Response(status === 404 ? null : '<html>', {
        status,
        headers: { 'cache-control': 'public, max-age=60' },
      }),
  );
}

describe('old URLs on demand', () => {
  it('a URL no page answers that the history knows: 301 to its page, in one hop, query kept', async () => {
    for (const path of ['/catalog/phones/', '/catalog/phones']) {
      const moved = await answer(path, 404);
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/catalog/mobiles/');
      expect(moved.headers.get('cache-control')).toBe('public, max-age=60');
    }
    expect((await answer('/catalog/phones/?page=2', 404)).headers.get('location')).toBe(
      '/catalog/mobiles/?page=2',
    );
  });

  it('a page at an old URL (back there since the build) answers as itself; an unknown URL stays a 404', async () => {
    expect((await answer('/catalog/phones/', 200)).status).toBe(200);
    expect((await answer('/catalog/tablets/', 404)).status).toBe(404);
    expect((await answer('/catalog/mobiles/', 404)).status).toBe(404);
  });
});
