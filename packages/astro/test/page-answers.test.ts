/**
 * `liveErrorResponse()` answers with the server's failure ages: the settings the on-demand middleware
 * was made with, their defaults before it.
 */
import { HttpStatusError } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_STYLE } from '../src/entries/page-url.js';
import { onDemandDefaults } from '../src/options/on-demand-options.js';
import { servingSettings } from '../src/options/serving-settings.js';
import { liveErrorResponse } from '../src/request-time/live-loaders/page-answers.js';
import { onDemandMiddleware } from '../src/request-time/middleware.js';

const cache = { set: () => {} } as never;
const outage = new HttpStatusError({ operation: 'goods/Get', status: 503 });

describe('liveErrorResponse()', () => {
  it("follows the server's settings once the middleware is made, the defaults before", () => {
    const plain = liveErrorResponse({ cache }, undefined);
    expect(plain.headers.get('cache-control')).toBe(`public, max-age=${onDemandDefaults.notFoundMaxAge}`);
    onDemandMiddleware(
      servingSettings({ onDemand: { notFoundMaxAge: 7, errorMaxAge: 11 }, urlStyle: DEFAULT_URL_STYLE }),
    );
    expect(liveErrorResponse({ cache }, undefined).headers.get('cache-control')).toBe('public, max-age=7');
    const handed = liveErrorResponse({ cache }, outage);
    expect(handed.status).toBe(503);
    expect(handed.headers.get('cache-control')).toBe('public, max-age=11');
  });
});
