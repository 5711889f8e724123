/**
 * Mask first, cut after: a key echoed by the service across the point where a preview or a table
 * cell is cut must not leave any piece of itself in an error, its renderings or the CLI's output.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { createClient, type SiteContentClient } from '../src/index.js';
import { maskSecret, redactedPreview, redactText } from '../src/text/redact.js';
import { catchError, renderings } from './helpers/client.js';
import { wireProduct } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

// Random-looking, so that no piece of it occurs in a message by chance; `+` and `/` give the
// URL-encoded form (`%2B`, `%2F`) a different length from the raw one.
const KEY = 'q8Zt3V+xN/7wKe';
const FORMS = [KEY, encodeURIComponent(KEY)];
const PREVIEW = 200;
const CELL = 40;

/** Fails if `text` holds any piece of the key (raw or encoded) of 4 characters or more. */
function assertNoKeyPiece(text: string, where: string): void {
  for (const form of FORMS) {
    for (let len = 4; len <= form.length; len++) {
      for (let i = 0; i + len <= form.length; i++) {
        const piece = form.slice(i, i + len);
        if (text.includes(piece)) throw new Error(`${where}: key piece "${piece}" in: ${text}`);
      }
    }
  }
}

/** Every start offset that puts `form` across `cut`: some characters before it, some after. */
const straddling = (form: string, cut: number) =>
  Array.from({ length: form.length - 1 }, (_, i) => cut - form.length + 1 + i);

/** An HTML page (not JSON, so a ResponseFormatError with a preview) with `form` at `offset`. */
const pageWithKeyAt = (form: string, offset: number) => {
  const head = '<html><body>';
  return `${head}${'a'.repeat(offset - head.length)}${form}${'b'.repeat(300)}</body></html>`;
};

const cases = FORMS.flatMap((form) =>
  [...straddling(form, PREVIEW), PREVIEW - form.length, PREVIEW].map((offset) => ({
    form: form === KEY ? 'raw' : 'encoded',
    offset,
    body: pageWithKeyAt(form, offset),
  })),
);

// The CLI asks site/DomainDefault for the origin of image URLs.
const server = useScriptServer((s) => s.script('site/DomainDefault', { json: [{ domain: 'shop.example' }] }));
let client: SiteContentClient;
beforeAll(() => {
  client = createClient({
    baseUrl: server.url,
    apiKey: KEY,
    sid: 7,
    retries: 0,
    siteOrigin: 'https://x.example',
  });
});
afterAll(() => client.close());

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['--base-url', server.url, '--key', KEY, '--sid', '7', ...args], {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: new PassThrough(),
    isTTY: false,
    // An unusable body is retried; the masking is the same on the last attempt, without the waits.
    env: { SITECONTENT_RETRIES: '0' },
  });
  return { code, stdout, stderr };
}

describe('the body preview of a ResponseFormatError', () => {
  it('covers every offset at which the key straddles the cut', () => {
    // Raw form: 14 characters, 13 straddling offsets; encoded: 18, 17; plus two edges each.
    expect(cases.length).toBe(KEY.length - 1 + encodeURIComponent(KEY).length - 1 + 4);
  });

  it.each(cases)('$form key at offset $offset: no piece of it in the error', async ({ body }) => {
    server.script('goods/Get', { body, headers: { 'content-type': 'text/html' } });
    const err = await catchError(client.products.list());
    expect(err).toMatchObject({ name: 'ResponseFormatError', operation: 'goods/Get' });
    expect((err as { bodyPreview: string }).bodyPreview.length).toBeGreaterThan(150);
    for (const text of renderings(err)) assertNoKeyPiece(text, 'error');
  });

  it.each(cases)('$form key at offset $offset: no piece of it on the CLI stderr', async ({ body }) => {
    server.script('goods/Get', { body, headers: { 'content-type': 'text/html' } });
    const { code, stderr } = await cli(['get', 'products']);
    expect(code).toBe(1);
    expect(stderr).toContain('goods/Get returned an unusable body');
    assertNoKeyPiece(stderr, 'stderr');
  });
});

describe('a CLI table cell', () => {
  it.each(straddling(KEY, CELL - 1))(
    'key at offset %i of a long title: no piece of it in the table',
    async (offset) => {
      const zag = `${'t'.repeat(offset)}${KEY}${'u'.repeat(60)}`;
      server.script('goods/Get', { json: [{ ...wireProduct, zag }] });
      const { code, stdout } = await cli(['get', 'products']);
      expect(code).toBe(0);
      expect(stdout).toContain('…');
      assertNoKeyPiece(stdout, 'stdout');
    },
  );

  it('--json output masks the key too', async () => {
    server.script('goods/Get', { json: [{ ...wireProduct, zag: `see ${KEY} here` }] });
    const { code, stdout } = await cli(['get', 'products', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)[0].zag).toBe('see *** here');
  });
});

describe('redactedPreview', () => {
  it('masks before it cuts, even when masking shortens the text a lot', () => {
    // 50 keys in a row: masking shrinks each to `***`, pulling later text into the kept part; a
    // window cut before masking would end in a piece of a key.
    const text = `${KEY.repeat(50)}${'z'.repeat(10)}`;
    const out = redactedPreview(text, PREVIEW, KEY);
    assertNoKeyPiece(out, 'preview');
    expect(out).toBe(`${'***'.repeat(50)}${'z'.repeat(10)}`);
  });

  it('keeps short texts whole and cuts long ones to the length asked', () => {
    expect(redactedPreview('short', PREVIEW, KEY)).toBe('short');
    expect(redactedPreview('x'.repeat(500), PREVIEW, KEY)).toHaveLength(PREVIEW);
    expect(redactedPreview(`?key=${'k'.repeat(400)}`, 20)).toBe('?key=***');
  });
});

describe('the URL an error names', () => {
  // The masked URL is written beside the real one when the request is encoded (not searched for
  // afterwards), so it must be the sent URL exactly, with only the key's value replaced.
  const sentUrl = (r: { path: string; query: URLSearchParams }) => `${server.url}${r.path}?${r.query}`;
  const masked = (url: string) => url.replace(`key=${encodeURIComponent(KEY)}`, 'key=***');

  it('a GET: the sent path and query, the key masked', async () => {
    server.script('goods/Get', { status: 500, json: [{ message: 'down', error: 'internal' }] });
    const err = await catchError(client.products.list({ catid: 3, cattx: 'a b&c=d+é' }));
    const [sent] = server.requestsTo('goods/Get');
    expect(sent?.query.get('key')).toBe(KEY);
    expect(sent?.query.get('cattx')).toBe('a b&c=d+é');
    expect((err as { url: string }).url).toBe(masked(sentUrl(sent!)));
    expect((err as { url: string }).url).toMatch(/\?key=\*\*\*&sid=7&/);
  });

  it('a POST: the key alone in the query, masked', async () => {
    server.script('goods/Set', { status: 500, json: [{ message: 'down', error: 'internal' }] });
    const err = await catchError(client.products.update(5, { zag: 'x' }));
    const [sent] = server.requestsTo('goods/Set');
    expect(sent?.query.get('key')).toBe(KEY);
    expect((err as { url: string }).url).toBe(`${server.url}/v1/goods/Set?key=***`);
    // Masked again (the CLI and loggers redact what they print), the message keeps its closing `)`.
    expect((err as Error).message).toMatch(/\(http:\/\/[^ ]+\/v1\/goods\/Set\?key=\*\*\*\)$/);
    expect(redactText((err as Error).message)).toBe((err as Error).message);
  });

  it('masks the key in any letter case, raw and URL-encoded, and a key with regex characters', () => {
    const key = 'CanaryK3y+9/Zq.7';
    const text = `upper ${key.toUpperCase()} lower ${key.toLowerCase()} encoded ${encodeURIComponent(key).toLowerCase()} exact ${key}`;
    expect(redactText(text, key)).toBe('upper *** lower *** encoded *** exact ***');
    // `.` and `+` are literal: a text with other characters there keeps them.
    expect(redactText('CanaryK3y+9/ZqX7 CanaryK3yy9/Zq.7', key)).toBe('CanaryK3y+9/ZqX7 CanaryK3yy9/Zq.7');
  });

  it('masks a key that starts like the mask, and leaves a mask alone', () => {
    // A value that is not the mask is masked whole, `)` included: it may be part of a raw key.
    expect(redactText('(http://h/v1/goods/Set?key=***abc)')).toBe('(http://h/v1/goods/Set?key=***');
    expect(redactText('(http://h/v1/goods/Set?key=***)')).toBe('(http://h/v1/goods/Set?key=***)');
    expect(redactText('http://h/v1/x?key=***&sid=1 and ?key=ab)cd')).toBe(
      'http://h/v1/x?key=***&sid=1 and ?key=***',
    );
  });
});

describe('a secret of any shape', () => {
  // The key is the service's, whatever its shape, and a user's secret is refused below 16
  // characters: no secret is a word of a message, so it is masked wherever it stands.
  it('is masked in prose too when made of letters only, and the words around it stay', () => {
    const secret = 'wrongtokenwrongtoken';
    expect(maskSecret('purge refused (401): missing or wrong token', secret)).toBe(
      'purge refused (401): missing or wrong token',
    );
    expect(maskSecret(`the token WrongTokenWrongToken was wrong, ${secret}.`, secret)).toBe(
      'the token *** was wrong, ***.',
    );
    expect(redactText(`Key ${KEY} is wrong`, KEY)).toBe('Key *** is wrong');
  });

  it('masks a piece of 6 characters or more where a text starts or ends inside the secret', () => {
    const secret = 'Tq7vW2xZp9LmRs4N';
    expect(maskSecret('refused: Tq7vW2', secret)).toBe('refused: ***');
    expect(maskSecret('Rs4N) was refused', secret)).toBe('Rs4N) was refused');
    expect(maskSecret('9LmRs4N) was refused', secret)).toBe('***) was refused');
    expect(maskSecret('refused: Tq7vW', secret)).toBe('refused: Tq7vW');
    // The kept part of a preview whose cut falls in a piece the text holds apart from the whole secret.
    expect(redactedPreview(`${'x'.repeat(190)}Tq7vW2xZ?`, 198, secret)).toBe(`${'x'.repeat(190)}***`);
  });

  it('masks occurrences that overlap as one, leaving no rest of them', () => {
    expect(maskSecret(`[${'ab'.repeat(12)}]`, 'ab'.repeat(8))).toBe('[***]');
    expect(maskSecret(`x${'a'.repeat(26)}y`, 'a'.repeat(16))).toBe('x***y');
  });
});
