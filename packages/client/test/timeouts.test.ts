/**
 * Every deadline is a named TimeoutError with the operation and the redacted URL: the client's
 * per-attempt `timeoutMs`, a call's own `timeoutMs`, and a caller's `AbortSignal.timeout(…)`. Timers
 * and abort listeners end with the call that made them.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, isSiteContentError, TimeoutError } from '../src/index.js';
import { assertNoKey, catchError, renderings, testClient, useTestClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const SLOW_MS = 1_500;
const server = useScriptServer((s) => {
  s.script('dir/Get', { json: [wireSection], delayMs: SLOW_MS });
  s.script('site/DomainDefault', { json: [{ domain: 'shop.example' }], delayMs: SLOW_MS });
});
const client = useTestClient(server);

function expectTimeout(err: unknown, operation: string, timeoutMs: number | undefined): void {
  expect(err).toBeInstanceOf(TimeoutError);
  expect(isSiteContentError(err, 'timeout')).toBe(true);
  expect(err).toMatchObject({ operation, code: 'timeout', timeoutMs });
  expect((err as TimeoutError).url).toMatch(/\/v1\/.*key=\*\*\*/);
  for (const text of renderings(err)) assertNoKey(text);
}

const timeoutTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

// First in the file: later tests leave the server's delayed answers pending, which are timers too.
describe('nothing outlives a call', () => {
  it('deadline timers are cleared when the call ends, not left running', async () => {
    server.script('dir/Get', { json: [wireSection], delayMs: 100 });
    const before = timeoutTimers();
    const pending = client.sections.list({}, { timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    // In flight: the call's deadline and the attempt's (the server's delay adds its own).
    expect(timeoutTimers()).toBeGreaterThanOrEqual(before + 2);
    await pending;
    expect(timeoutTimers()).toBeLessThanOrEqual(before);
  });

  it('the client-wide signal keeps no listener of a finished call (no composite signals left behind)', async () => {
    server.script('dir/Get', { json: [wireSection], delayMs: 50 });
    const ac = new AbortController();
    const withSignal = testClient(server, { signal: ac.signal });
    try {
      // Half with a signal of their own (combined with the client's), half with the client's alone.
      const calls = Array.from({ length: 20 }, (_, i) =>
        withSignal.sections.list({}, i % 2 === 0 ? { signal: new AbortController().signal } : {}),
      );
      await new Promise((r) => setTimeout(r, 20));
      expect(getEventListeners(ac.signal, 'abort').length).toBeGreaterThan(0);
      await Promise.all(calls);
      expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
    } finally {
      await withSignal.close();
    }
  });
});

describe("a caller's AbortSignal.timeout", () => {
  it('is a TimeoutError naming the operation, not a bare DOMException', async () => {
    const err = await catchError(client.sections.list({}, { signal: AbortSignal.timeout(100) }));
    expectTimeout(err, 'dir/Get', undefined);
    expect((err as Error).message).toContain("the caller's signal timed out");
    expect((err as Error).cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('around site.origin (as the Astro integration uses it) names site/DomainDefault', async () => {
    const fresh = testClient(server, { siteOrigin: undefined });
    try {
      const err = await catchError(fresh.site.origin({ refresh: true, signal: AbortSignal.timeout(100) }));
      expectTimeout(err, 'site/DomainDefault', undefined);
    } finally {
      await fresh.close();
    }
  });

  it('as the client-wide signal is a TimeoutError too', async () => {
    const timed = testClient(server, { signal: AbortSignal.timeout(100) });
    try {
      expectTimeout(await catchError(timed.sections.list()), 'dir/Get', undefined);
    } finally {
      await timed.close();
    }
  });

  it('other aborts keep their reason', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('user cancelled')), 50);
    const err = await catchError(client.sections.list({}, { signal: ac.signal }));
    expect(err).toMatchObject({ message: 'user cancelled' });
    expect(isSiteContentError(err, 'timeout')).toBe(false);
  });
});

describe('the call option timeoutMs', () => {
  it('bounds the call with a TimeoutError carrying the value', async () => {
    const err = await catchError(client.sections.list({}, { timeoutMs: 100 }));
    expectTimeout(err, 'dir/Get', 100);
    expect((err as Error).message).toContain('timed out after 100 ms');
  });

  it('bounds retries and their waits too', async () => {
    server.script('dir/Get', { status: 503, json: [{ message: 'busy', error: 'unavailable' }] });
    const retrying = testClient(server, { retries: 20, retryBaseDelayMs: 50 });
    try {
      const err = await catchError(retrying.sections.list({}, { timeoutMs: 300 }));
      expectTimeout(err, 'dir/Get', 300);
      expect(server.requestsTo('dir/Get').length).toBeGreaterThan(1);
      expect(server.requestsTo('dir/Get').length).toBeLessThan(21);
    } finally {
      await retrying.close();
    }
  });

  it('is passed on by site.origin', async () => {
    const fresh = testClient(server, { siteOrigin: undefined });
    try {
      expectTimeout(await catchError(fresh.site.origin({ timeoutMs: 100 })), 'site/DomainDefault', 100);
    } finally {
      await fresh.close();
    }
  });

  it('a fast answer is not affected', async () => {
    server.script('dir/Get', { json: [wireSection] });
    expect(await client.sections.list({}, { timeoutMs: 5_000 })).toHaveLength(1);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 31])('%s is refused before anything is sent', async (timeoutMs) => {
    const err = await catchError(client.sections.list({}, { timeoutMs }));
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect((err as Error).message).toContain('timeoutMs');
    expect(server.requestsTo('dir/Get')).toHaveLength(0);
  });
});

describe('the per-attempt deadline (client option timeoutMs)', () => {
  it('is a TimeoutError with the value', async () => {
    const quick = testClient(server, { timeoutMs: 100 });
    try {
      expectTimeout(await catchError(quick.sections.list()), 'dir/Get', 100);
    } finally {
      await quick.close();
    }
  });
});
