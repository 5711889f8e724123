/**
 * `liveErrorResponse()` reads nothing but its arguments: the ages of its answers are the ones the
 * on-demand middleware handed the request (`context.locals`), their defaults without it.
 */
import { HttpStatusError } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import { onDemandDefaults } from '../src/options/on-demand-options.js';
import { liveErrorResponse, withFailureSettings } from '../src/request-time/live-loaders/page-answers.js';

const cache = { set: () => {} } as never;
const outage = new HttpStatusError({ operation: 'goods/Get', status: 503 });

describe('liveErrorResponse()', () => {
  it('follows the settings the middleware handed the request, else the defaults', () => {
    const locals = {};
    withFailureSettings(locals, { notFoundMaxAge: 7, errorMaxAge: 11 });
    expect(liveErrorResponse({ cache, locals }, undefined).headers.get('cache-control')).toBe(
      'public, max-age=7',
    );
    const handed = liveErrorResponse({ cache, locals }, outage);
    expect(handed.status).toBe(503);
    expect(handed.headers.get('cache-control')).toBe('public, max-age=11');
    const plain = liveErrorResponse({ cache }, undefined);
    expect(plain.headers.get('cache-control')).toBe(`public, max-age=${onDemandDefaults.notFoundMaxAge}`);
    // Another request's locals are its own.
    expect(liveErrorResponse({ cache, locals: {} }, undefined).headers.get('cache-control')).toBe(
      `public, max-age=${onDemandDefaults.notFoundMaxAge}`,
    );
  });
});
