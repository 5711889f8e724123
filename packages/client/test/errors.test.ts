import { describe, expect, it } from 'vitest';
import {
  AuthError,
  createClient,
  DesiredMetaError,
  HttpStatusError,
  InvalidArgumentError,
  isSiteContentError,
  NetworkError,
  NotFoundError,
  PurgeError,
  SiteContentError,
  TimeoutError,
  WriteRejectedError,
} from '../src/index.js';
import { assertNoKey, catchError, renderings, testClient } from './helpers/client.js';
import { closedPortUrl, TEST_KEY, useScriptServer } from './helpers/server.js';

const server = useScriptServer();

const serviceError = (message: string, error: string) => ({ json: [{ message, error }] });

describe('service error bodies', () => {
  it.each([
    [401, AuthError, 'unauthorized'],
    [403, AuthError, 'forbidden'],
    [404, NotFoundError, 'not_found'],
    [400, HttpStatusError, 'invalid_param'],
  ] as const)('HTTP %i → %s', async (status, cls, code) => {
    server.script('goods/Set', { status, ...serviceError('Something about sid', code) });
    const client = testClient(server);
    const err = await catchError(client.products.update(1, { zag: 'x' }));
    expect(err).toBeInstanceOf(cls);
    expect(err).toMatchObject({
      status,
      serviceCode: code,
      serviceMessage: 'Something about sid',
      operation: 'goods/Set',
    });
    expect(isSiteContentError(err, 'http_status')).toBe(true);
    expect(isSiteContentError(err, 'auth')).toBe(cls === AuthError);
    expect(isSiteContentError(err, 'not_found')).toBe(cls === NotFoundError);
    expect((err as HttpStatusError).url).toBe(`${server.url}/v1/goods/Set?key=***`);
    for (const text of renderings(err)) assertNoKey(text);
    await client.close();
  });

  it('a write whose message is not Ok is a WriteRejectedError, whatever the status', async () => {
    const client = testClient(server);
    for (const status of [200, 500]) {
      server.script('dir/Set', { status, json: [{ message: 'Section is locked' }] });
      const err = await catchError(client.sections.update(3, { zag: 'x' }));
      expect(err).toBeInstanceOf(WriteRejectedError);
      expect(isSiteContentError(err, 'write_rejected')).toBe(true);
      expect(err).toMatchObject({ serviceMessage: 'Section is locked', status, code: 'write_rejected' });
    }
    server.script('dir/Set', { json: [{ message: 'Duplicate tx', error: 'invalid_param' }] });
    await expect(client.sections.update(3, { zag: 'x' })).rejects.toBeInstanceOf(WriteRejectedError);
    await client.close();
  });
});

describe('redaction', () => {
  it('message, String(), JSON.stringify and util.inspect show key=*** and never the key', async () => {
    server.script('goods/Get', { status: 500, body: `<html>oops key=${TEST_KEY}</html>` });
    const client = testClient(server);
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(HttpStatusError);
    const [message, str, json, inspected] = renderings(err);
    expect(message).toContain('key=***');
    expect(str).toContain('key=***');
    expect(JSON.parse(json ?? '')).toMatchObject({
      name: 'HttpStatusError',
      code: 'http_status',
      status: 500,
      url: expect.stringContaining('key=***'),
    });
    expect(inspected).toContain('key=***');
    for (const text of renderings(err)) assertNoKey(text);
    await client.close();
  });

  it('a service echoing the key (error message, HTML page) has it masked', async () => {
    server.script('goods/Set', {
      status: 403,
      json: [{ message: `Key ${TEST_KEY} is not allowed`, error: 'forbidden' }],
    });
    server.script('goods/Get', { body: `<html><p>Your key: ${TEST_KEY}</p></html>` });
    const client = testClient(server);
    const auth = await catchError(client.products.update(1, { zag: 'x' }));
    expect(auth).toMatchObject({ serviceMessage: 'Key *** is not allowed' });
    const format = await catchError(client.products.list());
    expect(format).toMatchObject({ bodyPreview: '<html><p>Your key: ***</p></html>' });
    for (const text of [...renderings(auth), ...renderings(format)]) assertNoKey(text);
    await client.close();
  });

  it('a network error from undici keeps a redacted cause', async () => {
    server.script('goods/Get', { destroy: true });
    const client = testClient(server);
    const err = await catchError(client.products.list());
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).causeCode).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
    expect((err as Error).cause).toBeInstanceOf(Error);
    for (const text of renderings(err)) assertNoKey(text);
    assertNoKey(String((err as Error).cause));
    await client.close();
  });

  it('a connection refused is a NetworkError with causeCode, key redacted', async () => {
    const client = createClient({ baseUrl: await closedPortUrl(), apiKey: TEST_KEY, sid: 1, retries: 0 });
    const err = await catchError(client.site.domains());
    expect(err).toMatchObject({ name: 'NetworkError', causeCode: 'ECONNREFUSED' });
    for (const text of renderings(err)) assertNoKey(text);
    await client.close();
  });

  it('a slow answer is a TimeoutError', async () => {
    server.script('dir/Get', { delayMs: 400, json: [] });
    const client = testClient(server, { timeoutMs: 100 });
    const err = await catchError(client.sections.list());
    expect(err).toBeInstanceOf(TimeoutError);
    expect(isSiteContentError(err)).toBe(true);
    for (const text of renderings(err)) assertNoKey(text);
    await client.close();
  });
});

describe('options', () => {
  it('are validated eagerly with path: message, without echoing the key', () => {
    let err: unknown;
    try {
      createClient({
        baseUrl: 'ftp://x',
        apiKey: TEST_KEY,
        sid: -1,
        concurrency: 0,
        paramEncoding: 'xml' as never,
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(err).toBeInstanceOf(SiteContentError);
    const message = (err as Error).message;
    expect(message).toMatch(/baseUrl: must be an http\(s\) URL/);
    expect(message).toMatch(/sid: /);
    expect(message).toMatch(/concurrency: /);
    expect(message).toMatch(/paramEncoding: /);
    for (const text of renderings(err)) assertNoKey(text);
    expect(() => createClient({ baseUrl: 'http://x', apiKey: '', sid: 1 })).toThrow(
      /apiKey: must not be empty/,
    );
  });

  it('an unknown option is an error too, named by its key (a typo must not fall back to a default)', () => {
    expect(() =>
      createClient({ baseUrl: 'http://x', apiKey: TEST_KEY, sid: 1, timeout: 5, sidd: 2 } as never),
    ).toThrow('Invalid client options: (options): unknown option(s) timeout, sidd');
  });

  it('baseUrl keeps a path prefix and never the key', async () => {
    const client = createClient({ baseUrl: `${server.url}/api/`, apiKey: TEST_KEY, sid: 2, retries: 0 });
    expect(client.baseUrl).toBe(`${server.url}/api`);
    expect(client.sid).toBe(2);
    await catchError(client.site.domains());
    expect(server.requests[0]?.path).toBe('/api/v1/site/DomainAll');
    await client.close();
  });
});

describe('isSiteContentError(error, code?)', () => {
  it('tells the errors by code, a subclass under its class', () => {
    const auth = new AuthError({ operation: 'goods/Get', status: 401 });
    expect(isSiteContentError(auth)).toBe(true);
    expect(isSiteContentError(auth, 'auth')).toBe(true);
    expect(isSiteContentError(auth, 'http_status')).toBe(true);
    expect(isSiteContentError(auth, 'not_found')).toBe(false);
    expect(isSiteContentError(new HttpStatusError({ operation: 'x', status: 500 }), 'auth')).toBe(false);
    expect(isSiteContentError(new Error('auth'), 'auth')).toBe(false);
    expect(isSiteContentError('auth')).toBe(false);
  });

  it('knows the meta write-back and purge errors by code, which are not request errors', () => {
    const desired = new DesiredMetaError([{ message: 'bad' }]);
    const purge = new PurgeError('https://shop.example/_sitecontent/purge', 401, 'refused');
    expect(isSiteContentError(desired, 'invalid_desired_meta')).toBe(true);
    expect(isSiteContentError(purge, 'purge_failed')).toBe(true);
    expect(isSiteContentError(desired)).toBe(false);
    expect(isSiteContentError(purge, 'invalid_desired_meta')).toBe(false);
  });

  it('works across copies of the package: the code decides, not the class', () => {
    // What another copy's NetworkError looks like from here: same name, code and facts, other class.
    const copy = Object.assign(new Error('goods/Get network error'), {
      name: 'NetworkError',
      code: 'network',
      operation: 'goods/Get',
      causeCode: 'ECONNRESET',
    });
    expect(copy).not.toBeInstanceOf(SiteContentError);
    expect(isSiteContentError(copy, 'network') && copy.causeCode).toBe('ECONNRESET');
    // An error of another library that happens to use the same code carries no operation.
    expect(isSiteContentError(Object.assign(new Error('x'), { code: 'network' }), 'network')).toBe(false);
  });

  it('narrows to the class of the code, and a misspelled code does not compile', () => {
    const error: unknown = new NotFoundError({ operation: 'goods/Set', status: 404 });
    if (isSiteContentError(error, 'http_status')) expect(error.status).toBe(404);
    // @ts-expect-error: not a code of this package
    expect(isSiteContentError(error, 'notfound')).toBe(false);
  });
});
