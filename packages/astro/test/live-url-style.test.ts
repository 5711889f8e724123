/**
 * A production server runs no integration hook: the live loaders learn the site's URL style from the
 * on-demand middleware the integration wrote, so on-demand pages' URLs match the static pages'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveProductsLoader, pageSeo } from '../src/index.js';
import { servingSettings } from '../src/options/serving-settings.js';
import { onDemandMiddleware } from '../src/request-time/middleware.js';
import { type Emulator, emulator } from './helpers/index.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
});

describe('live loaders in a production server', () => {
  it("follow the trailingSlash the on-demand middleware hands over ('never': no slash)", async () => {
    const conn = { baseUrl: emu.url, apiKey: emu.key, sid: emu.sid, seo: true, site: 'https://shop.example' };
    const before = await liveProductsLoader(conn).loadEntry({ collection: 'p', filter: { id: '1' } });
    expect(before && 'data' in before && before.data.url).toBe('/catalog/phones/1/');
    onDemandMiddleware(
      servingSettings({ onDemand: {}, urlStyle: { trailingSlash: 'never', format: 'directory' } }),
    );
    const after = await liveProductsLoader(conn).loadEntry({ collection: 'p', filter: { id: '1' } });
    expect(after && 'data' in after && after.data.url).toBe('/catalog/phones/1');
    expect(after && 'data' in after && pageSeo(after, { site: 'https://shop.example' }).canonical).toBe(
      'https://shop.example/catalog/phones/1',
    );
  });
});
