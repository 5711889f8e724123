// A public surface of one screen (docs/architecture.md, "Layers"): each package's main entry holds
// what a site's code or a script calls, at most 40 run-time names; the rest is in documented subpaths.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/storefront.js';

const mainEntry = async (pkg: string) =>
  Object.keys(await import(pathToFileURL(path.join(repoRoot, `packages/${pkg}/dist/index.js`)).href));

describe('the main entries', () => {
  it('hold at most 40 run-time names each', async () => {
    const astro = await mainEntry('astro');
    const client = await mainEntry('client');
    expect(astro.length, astro.join(' ')).toBeLessThanOrEqual(40);
    expect(client.length, client.join(' ')).toBeLessThanOrEqual(40);
    // What a site calls is there; what only the other package needs is not.
    expect(astro).toEqual(
      expect.arrayContaining(['siteContent', 'productsLoader', 'isSiteContentAstroError']),
    );
    expect(client).toEqual(expect.arrayContaining(['createClient', 'isSiteContentError']));
    expect(client).not.toContain('mapBounded');
    expect(astro).not.toContain('productDataSchema');
  });
});
