/**
 * Request-time failures: which answer each failure gets (404, 500, 503), the server log's one line
 * per cause, and the circuit breaker that stops asking a failing service.
 */
import {
  AuthError,
  HttpStatusError,
  NetworkError,
  ResponseFormatError,
  TimeoutError,
} from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import { SiteContentBusyError } from '../src/errors/busy-error.js';
import { SiteContentConnectionError } from '../src/errors/connection-error.js';
import { SiteContentUnavailableError } from '../src/errors/unavailable-error.js';
import { CircuitBreaker } from '../src/request-time/live-loaders/circuit-breaker.js';
import { FailureLog } from '../src/request-time/live-loaders/failure-log.js';
import { isOutage, requestFailure } from '../src/request-time/live-loaders/request-failure.js';

const url = 'http://svc.test/v1/goods/Get?key=secret-key&sid=1&id=7';
const status = (s: number) =>
  s === 401 || s === 403
    ? new AuthError({ operation: 'goods/Get', url, status: s })
    : new HttpStatusError({ operation: 'goods/Get', url, status: s });
/** As Astro hands a live loader's error to the page: a `LiveCollectionError` with the cause. */
const wrapped = (cause: Error) =>
  Object.assign(new Error(`products: ${cause.message}`, { cause }), { name: 'LiveCollectionError' });

describe('which answer a failure gets', () => {
  it.each([
    ['no error', undefined, 'not-found'],
    ['an unknown id', Object.assign(new Error('x'), { name: 'LiveEntryNotFoundError' }), 'not-found'],
    ['missing settings', new SiteContentConnectionError('products', ['apiKey'], false), 'misconfigured'],
    ['a refused key (401)', status(401), 'misconfigured'],
    ['a key not allowed for the site (403)', status(403), 'misconfigured'],
    [
      'connection refused',
      new NetworkError({ operation: 'goods/Get', url, causeCode: 'ECONNREFUSED' }),
      'outage',
    ],
    ['a timeout', new TimeoutError({ operation: 'goods/Get', url, timeoutMs: 100 }), 'outage'],
    ['HTTP 502', status(502), 'outage'],
    ['HTTP 429', status(429), 'outage'],
    [
      'a maintenance page',
      new ResponseFormatError({
        operation: 'goods/Get',
        url,
        status: 200,
        bodyPreview: '<html>',
        reason: 'x',
      }),
      'outage',
    ],
    ['too many lookups waiting', new SiteContentBusyError('products', 256), 'outage'],
    [
      'a resting circuit',
      new SiteContentUnavailableError('products', 2, Date.now() + 5000, undefined),
      'outage',
    ],
    ['HTTP 400', status(400), 'broken-record'],
    [
      'a record the site cannot show',
      new Error('product 7 is invalid at field url: not a path'),
      'broken-record',
    ],
  ] as const)('%s → %s', (_what, error, kind) => {
    // Astro hands the page an unknown id's error as it is, any other wrapped.
    const given = error === undefined || error.name === 'LiveEntryNotFoundError' ? error : wrapped(error);
    expect(requestFailure(given).kind).toBe(kind);
  });

  it('a refused key says which setting to fix; a cause key names the operation, not the view', () => {
    const failure = requestFailure(wrapped(status(401)));
    expect(failure.fix).toContain('SITECONTENT_API_KEY');
    const other = new AuthError({ operation: 'goods/Get', url: url.replace('id=7', 'id=8'), status: 401 });
    expect(requestFailure(wrapped(other)).key).toBe(failure.key);
    expect(requestFailure(wrapped(status(403))).key).not.toBe(failure.key);
  });

  it('only the service failing counts against its health', () => {
    expect(isOutage(requestFailure(status(503)))).toBe(true);
    expect(isOutage(requestFailure(status(401)))).toBe(false);
    expect(isOutage(requestFailure(new SiteContentBusyError('products', 1)))).toBe(false);
    expect(isOutage(requestFailure(new SiteContentUnavailableError('products', 2, 0, undefined)))).toBe(
      false,
    );
  });
});

describe('the server log', () => {
  const recorder = () => {
    const lines: string[] = [];
    let clock = 0;
    const log = new FailureLog(
      { error: (l) => lines.push(l), info: (l) => lines.push(l) },
      60_000,
      () => clock,
    );
    return { lines, log, advance: (ms: number) => (clock += ms) };
  };

  it('says each cause once, then once a minute with how many views it failed since', () => {
    const { lines, log, advance } = recorder();
    for (let i = 0; i < 5; i++) log.report(requestFailure(wrapped(status(401))));
    log.report(requestFailure(wrapped(status(503))));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(
      'on-demand pages answer 500, the site is misconfigured: goods/Get failed with HTTP 401',
    );
    expect(lines[0]).toContain('the service refused the API key');
    expect(lines[1]).toContain(
      'on-demand pages answer 503, the service failed: goods/Get failed with HTTP 503',
    );
    advance(60_000);
    log.report(requestFailure(wrapped(status(401))));
    expect(lines[2]).toContain('(4 more since the last report)');
    expect(lines.join('\n')).not.toContain('secret-key');
    expect(lines.join('\n')).toContain('key=***');
  });

  it('a missing entry is no failure', () => {
    const { lines, log } = recorder();
    log.report(requestFailure(undefined));
    expect(lines).toEqual([]);
  });
});

describe('the circuit breaker', () => {
  const down = () => Promise.reject(status(503));
  const outage = (e: unknown) => isOutage(requestFailure(e as Error));

  it('opens after breakAfter failures in a row, refuses at once while open, then lets one probe through', async () => {
    let clock = 1_000_000;
    const breaker = new CircuitBreaker({ breakAfter: 2, breakFor: 10 }, () => clock);
    let asked = 0;
    const lookup = () => {
      asked++;
      return down();
    };
    await expect(breaker.run('products', lookup, outage)).rejects.toMatchObject({ status: 503 });
    await expect(breaker.run('products', lookup, outage)).rejects.toMatchObject({ status: 503 });
    expect(breaker.open).toBe(true);
    const refused = await breaker.run('products', lookup, outage).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SiteContentUnavailableError);
    expect((refused as Error).message).toContain('failed 2 times in a row');
    expect(asked).toBe(2);
    clock += 10_000;
    // One probe; a second lookup meanwhile is refused without asking.
    let release: (v: string) => void = () => {};
    const probe = breaker.run('products', () => new Promise<string>((r) => (release = r)), outage);
    await expect(breaker.run('products', lookup, outage)).rejects.toBeInstanceOf(SiteContentUnavailableError);
    release('back');
    expect(await probe).toBe('back');
    expect(breaker.open).toBe(false);
    expect(await breaker.run('products', async () => 'ok', outage)).toBe('ok');
  });

  it('a lookup sent before the circuit opened does not end the probe when it ends during it', async () => {
    let clock = 0;
    const breaker = new CircuitBreaker({ breakAfter: 1, breakFor: 5 }, () => clock);
    let refuseEarly: (e: Error) => void = () => {};
    const early = breaker.run('products', () => new Promise((_, reject) => (refuseEarly = reject)), outage);
    await breaker.run('products', down, outage).catch(() => {});
    clock += 5_000;
    const probe = breaker.run('products', () => new Promise(() => {}), outage);
    refuseEarly(status(401));
    await early.catch(() => {});
    // The probe is still out: a second lookup is refused without asking.
    let asked = false;
    const second = breaker.run(
      'products',
      async () => {
        asked = true;
      },
      outage,
    );
    await expect(second).rejects.toBeInstanceOf(SiteContentUnavailableError);
    expect(asked).toBe(false);
    void probe;
  });

  it('a failed probe opens it again; failures that are not outages never open it', async () => {
    let clock = 0;
    const breaker = new CircuitBreaker({ breakAfter: 1, breakFor: 5 }, () => clock);
    await breaker.run('products', down, outage).catch(() => {});
    clock += 5_000;
    await breaker.run('products', down, outage).catch(() => {});
    await expect(breaker.run('products', down, outage)).rejects.toBeInstanceOf(SiteContentUnavailableError);
    const keyed = new CircuitBreaker({ breakAfter: 1, breakFor: 5 }, () => clock);
    for (let i = 0; i < 3; i++)
      await keyed.run('products', () => Promise.reject(status(401)), outage).catch(() => {});
    expect(keyed.open).toBe(false);
  });
});
