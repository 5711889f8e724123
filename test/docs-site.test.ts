// The documentation site as a reader meets it: `npm run docs:build` (Starlight) builds it with its
// link check (a broken internal link or anchor fails the build) and Pagefind's index, and prints no
// warning of its own; the reference names every runtime export of the three packages; the on-demand
// recipe shows the storefront's own code; and in Debian's Chromium the search box finds the purge guide.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withChromium } from './helpers/browser.js';
import { type ProcessResult, runProcess } from './helpers/process.js';
import { repoRoot, resultsDir, serveStatic } from './helpers/storefront.js';

const dist = path.join(repoRoot, 'docs', 'dist');
let build: ProcessResult;

/** Every built page, as its path below dist/ (`guides/purge/index.html`). */
const pages = () =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));

beforeAll(async () => {
  const astro = path.join(repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  build = await runProcess(process.execPath, [astro, 'build', '--root', 'docs'], {
    cwd: repoRoot,
    // As a shell runs it: vitest's own variables (NODE_ENV=test, VITEST, MODE) would build the site
    // in development mode, whose search box only says that search needs a production build.
    env: {
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          ([name]) => !/^(VITEST|NODE_ENV$|TEST$|MODE$|PROD$|DEV$|SSR$|BASE_URL$)/.test(name),
        ),
      ),
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
    },
    timeoutMs: 300_000,
  });
}, 320_000);

describe('npm run docs:build', () => {
  it('builds the site with its link check passed, at least 25 pages and a search index', () => {
    expect(build.code, build.output.slice(-4000)).toBe(0);
    expect(build.output).toContain('All internal links are valid.');
    expect(pages().length).toBeGreaterThanOrEqual(25);
    for (const page of [
      'start/ten-minutes',
      'guides/purge',
      'guides/troubleshooting',
      'deploy/cloudflare',
      'reference/cli',
      'contributing/architecture',
    ]) {
      expect(existsSync(path.join(dist, page, 'index.html')), page).toBe(true);
    }
    expect(existsSync(path.join(dist, 'pagefind', 'pagefind.js'))).toBe(true);
    const entry = JSON.parse(readFileSync(path.join(dist, 'pagefind', 'pagefind-entry.json'), 'utf8'));
    const indexed = Object.values(entry.languages as Record<string, { page_count: number }>)[0]?.page_count;
    expect(indexed).toBeGreaterThanOrEqual(25);
  });

  it("prints no warning but Vite's MODULE_LEVEL_DIRECTIVE notes, which every Starlight site with MDX prints", () => {
    const warnings = build.output
      .split('\n')
      .filter((line) => line.includes('[WARN]') && !line.includes('MODULE_LEVEL_DIRECTIVE'));
    expect(warnings).toEqual([]);
    // The not-found page is the site's own, in its layout.
    expect(readFileSync(path.join(dist, '404.html'), 'utf8')).toContain('Page not found');
  });

  it.each([
    ['astro', 'astro'],
    ['client', 'client'],
    ['client/changes', 'client-changes'],
    ['emulator', 'emulator'],
  ])('names every runtime export of @sitecontent/%s on a reference page', async (pkg, folder) => {
    const exported = Object.keys(await import(`@sitecontent/${pkg}`)).filter((name) => name !== 'default');
    expect(exported.length).toBeGreaterThan(10);
    const reference = path.join(dist, 'reference', folder);
    const documented = new Set(
      readdirSync(reference, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('index.html'))
        .map((f) => path.basename(path.dirname(f))),
    );
    // TypeDoc gives each exported function, class, variable and type a page named after it.
    expect(exported.filter((name) => !documented.has(name.toLowerCase()))).toEqual([]);
  });

  it("shows the storefront's own on-demand product page in the recipe, not a copy", () => {
    const recipe = readFileSync(path.join(dist, 'recipes', 'on-demand-product-page', 'index.html'), 'utf8');
    const source = readFileSync(path.join(repoRoot, 'example-site/src/on-demand/ProductPage.astro'), 'utf8');
    // Shiki splits the code into spans: compare the text.
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, '')
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    for (const line of source.split('\n').filter((l) => l.trim().length > 20)) {
      expect(text(recipe), line).toContain(line.trim());
    }
  });
});

describe('the site in a browser', () => {
  it('finds the purge guide through the search box', async (ctx) => {
    expect(build.code).toBe(0);
    const server = await serveStatic(dist);
    try {
      await withChromium(ctx, async (page) => {
        await page.goto(`${server.url}/`);
        await page.getByRole('button', { name: 'Search' }).first().click();
        const input = page.locator('.pagefind-ui__search-input');
        await input.fill('purge endpoint');
        const results = page.locator('.pagefind-ui__result-link');
        await results.first().waitFor({ timeout: 15_000 });
        const hrefs = await results.evaluateAll((links) =>
          links.map((a) => (a as HTMLAnchorElement).pathname),
        );
        expect(hrefs).toContain('/guides/purge/');
        await mkdir(resultsDir, { recursive: true });
        const shot = path.join(resultsDir, 'docs-search.png');
        await page.screenshot({ path: shot });
        expect(readFileSync(shot).length).toBeGreaterThan(10_000);
        await page.locator('.pagefind-ui__result-link[href*="/guides/purge/"]').first().click();
        await page.waitForURL('**/guides/purge/');
        expect(await page.locator('h1').first().textContent()).toBe('Purge on change');
      });
    } finally {
      await server.close();
    }
  }, 90_000);
});
