// Editors' preview links: the token's signature and expiry, and `sitecontent preview-link` against
// the emulator (the site's preview route for a record the service has, the secret never printed).
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import { previewAllowed, signPreview } from '../src/preview/preview-token.js';
import { runCli } from './helpers/cli.js';
import { TEST_KEY } from './helpers/server.js';

const SECRET = 'preview-secret-5a1c';
const now = 1_800_000_000;

describe('preview tokens', () => {
  it('open only the kind and id they were signed for, with the same secret, until they expire', async () => {
    const token = await signPreview('product', '12', now + 60, SECRET);
    expect(token).toMatch(/^1800000060\.[A-Za-z0-9_-]{43}$/);
    expect(await previewAllowed(token, 'product', '12', SECRET, now)).toBe(true);
    expect(await previewAllowed(token, 'product', '13', SECRET, now)).toBe(false);
    expect(await previewAllowed(token, 'article', '12', SECRET, now)).toBe(false);
    expect(await previewAllowed(token, 'product', '12', 'another secret', now)).toBe(false);
    expect(await previewAllowed(token, 'product', '12', SECRET, now + 60)).toBe(false);
    // A later expiry under the same signature, or one changed character of it, opens nothing.
    expect(
      await previewAllowed(token.replace('1800000060', '1900000060'), 'product', '12', SECRET, now),
    ).toBe(false);
    const sig = token.split('.')[1] as string;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(await previewAllowed(`1800000060.${flipped}`, 'product', '12', SECRET, now)).toBe(false);
    for (const bad of ['', 'x', '1800000060', `1800000060.${sig}x`, `01800000060.${sig}`]) {
      expect(await previewAllowed(bad, 'product', '12', SECRET, now), bad).toBe(false);
    }
  });
});

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo', keys: { [TEST_KEY]: [1] } });
});
afterAll(async () => {
  await emu?.close();
});

describe('sitecontent preview-link', () => {
  const env = () => ({ SITECONTENT_BASE_URL: emu.url, SITECONTENT_API_KEY: TEST_KEY, SITECONTENT_SID: '1' });

  it("prints the site's preview route on --site with a token for the id, the secret never shown", async () => {
    const client = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1 });
    const product = (await client.products.list())[0]!;
    await client.close();
    const result = await runCli(
      ['preview-link', 'product', String(product.id), '--ttl', '600', '--site', 'https://shop.example/x'],
      { ...env(), SITECONTENT_PREVIEW_SECRET: SECRET },
    );
    expect(result.code).toBe(0);
    const link = new URL(result.stdout.trim());
    // The route redirects to the page as the site builds its URL: the link names no page URL.
    expect(`${link.origin}${link.pathname}`).toBe(
      `https://shop.example/_sitecontent/preview/product/${product.id}`,
    );
    const token = link.searchParams.get('preview')!;
    const expiry = Number(token.split('.')[0]);
    expect(expiry - Date.now() / 1000).toBeGreaterThan(590);
    expect(expiry - Date.now() / 1000).toBeLessThanOrEqual(600);
    expect(await previewAllowed(token, 'product', String(product.id), SECRET)).toBe(true);
    expect(result.stdout).not.toContain(SECRET);
  });

  it('names a section by its tx and an article by its id, each as one path segment of the route', async () => {
    const client = createClient({ baseUrl: emu.url, apiKey: TEST_KEY, sid: 1 });
    const [section] = await client.sections.list();
    const [article] = await client.articles.list();
    await client.close();
    const secret = { ...env(), SITECONTENT_PREVIEW_SECRET: SECRET };
    for (const [kind, id] of [
      ['section', section!.tx],
      ['article', String(article!.id)],
    ] as const) {
      const result = await runCli(['preview-link', kind, id, '--site', 'https://shop.example'], secret);
      expect(result.code, result.stderr).toBe(0);
      const link = new URL(result.stdout.trim());
      expect(link.pathname).toBe(`/_sitecontent/preview/${kind}/${encodeURIComponent(id)}`);
      expect(await previewAllowed(link.searchParams.get('preview')!, kind, id, SECRET)).toBe(true);
    }
  });

  it('a secret under 16 characters is refused at start, named and never shown; a long one is masked', async () => {
    const short = await runCli(['preview-link', 'product', '1'], {
      ...env(),
      SITECONTENT_PREVIEW_SECRET: 'tiny-secret',
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('SITECONTENT_PREVIEW_SECRET is shorter than 16 characters');
    expect(short.stderr).not.toContain('tiny-secret');
    // Pasted where the site goes: the usage error quotes the flag's value, the secret masked in it.
    const pasted = await runCli(['preview-link', 'product', '1', '--site', SECRET], {
      ...env(),
      SITECONTENT_PREVIEW_SECRET: SECRET,
    });
    expect(pasted.code).toBe(2);
    expect(pasted.stderr).toContain('--site must be an http(s) URL, got "***"');
  });

  it('bad usage is exit 2 naming what is wrong; a record the service lacks is exit 1', async () => {
    const secret = { ...env(), SITECONTENT_PREVIEW_SECRET: SECRET };
    const cases: [string[], Record<string, string>, string][] = [
      [['preview-link', 'page', '1'], secret, 'name the kind: product, article, section'],
      [['preview-link', 'product', 'abc'], secret, 'a product id is a positive whole number, got "abc"'],
      [['preview-link', 'product', '1', '--ttl', '0'], secret, '--ttl must be 1 to 2592000 seconds, got "0"'],
      [['preview-link', 'product', '1'], env(), 'missing SITECONTENT_PREVIEW_SECRET'],
    ];
    for (const [args, given, message] of cases) {
      const result = await runCli(args, given);
      expect(result.code, message).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('Usage: sitecontent preview-link');
    }
    const missing = await runCli(['preview-link', 'product', '987654'], secret);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('preview-link: the service has no product "987654"');
  });
});
