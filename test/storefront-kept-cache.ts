// The kept cache makes the same site as a clean build (docs/architecture.md, "What a kept cache may
// add"). fast-check generates sequences of catalog edits, made through the emulator's own write
// operations with the client; after each edit the storefront is built twice against the same
// catalog: with the cache kept since the sequence began (content store, URL history, incremental
// pages: a pipeline's), and from nothing. The kept build's pages, sitemaps and feed must equal the
// clean build's byte for byte, and both must pass the SEO check (the storefront fails its build on
// a problem). Set aside by name, because only history can know them:
//  - redirect pages at URLs the history knows (the kept build may have more of them);
//  - a link in the service's HTML to such a URL, which the kept build writes at the page's current
//    URL (the clean build keeps the editor's link, and its SEO check warns of it); and
//  - change times observed between builds (JSON-LD `dateModified`, sitemap `<lastmod>`).
// Registered from storefront.test.ts so that its builds never run beside the suite's others (they
// share the storefront's `.astro/`). A failing sequence is shrunk to the shortest one that fails,
// and printed with the seed to replay it. `SITECONTENT_KEPT_CACHE_RUNS` and `…_EDITS` make the run
// longer (`npm run soak` does); the default fits `npm test`.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdit, catalogEdit, type Edit, renamedSection } from './helpers/catalog-edits.js';
import { buildSite, listFiles } from './helpers/storefront.js';

/** The visible articles whose text links to the section `edit` renames, or to a page below it. */
async function articlesLinkingBelow(
  client: ReturnType<typeof createClient>,
  edit: Extract<Edit, { kind: 'rename-section' }>,
): Promise<number[]> {
  const section = renamedSection(await client.sections.list(), edit);
  const below = new RegExp(`href="${section.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[/"]`);
  return (await client.articles.list())
    .filter((a) => a.shw && below.test(`${a.stxt} ${a.txt}`))
    .map((a) => a.id);
}

/** A text file of the output with the change times only history knows set aside. */
const withoutChangeTimes = (text: string) =>
  text
    .replace(/"dateModified":"[^"]*"/g, '"dateModified":"…"')
    .replace(/<lastmod>[^<]*<\/lastmod>/g, '<lastmod>…</lastmod>');

const TEXT = /\.(html|xml|txt|json|webmanifest|css|js)$/;
const REDIRECT_PAGE = /^<!doctype html>\s*<title>Redirecting to: ([^<]*)<\/title>/i;

/**
 * How the kept build's output differs from the clean one's, beyond what only history may add;
 * `[]` when it does not. Each line names the file.
 */
export async function keptCacheDifferences(kept: string, clean: string): Promise<string[]> {
  const [keptFiles, cleanFiles] = await Promise.all([listFiles(kept), listFiles(clean)]);
  const keptSet = new Set(keptFiles);
  const cleanSet = new Set(cleanFiles);
  const differences: string[] = [];
  // History's own addition: a redirect page for an old URL, to a page the clean build has.
  const redirects = new Map<string, string>();
  for (const file of keptFiles) {
    if (cleanSet.has(file)) continue;
    const text = file.endsWith('.html') ? await readFile(path.join(kept, file), 'utf8') : '';
    const to = REDIRECT_PAGE.exec(text)?.[1];
    if (to !== undefined && cleanSet.has(pageFileOf(to)))
      redirects.set(`/${file.replace(/index\.html$/, '')}`, to);
    else
      differences.push(
        `${file}: only in the kept build${to === undefined ? '' : ` (a redirect to ${to}, not a page)`}`,
      );
  }
  for (const file of cleanFiles) {
    if (!keptSet.has(file)) {
      differences.push(`${file}: only in the clean build`);
      continue;
    }
    const [a, b] = await Promise.all([readFile(path.join(kept, file)), readFile(path.join(clean, file))]);
    if (!TEXT.test(file)) {
      if (!a.equals(b)) differences.push(`${file}: differs`);
      continue;
    }
    const keptText = withoutChangeTimes(a.toString('utf8'));
    const cleanText = withLinksMoved(withoutChangeTimes(b.toString('utf8')), redirects);
    if (keptText !== cleanText) differences.push(`${file}: differs\n${firstDifference(keptText, cleanText)}`);
  }
  return differences;
}

/** The output file of the page at URL path `url` (directory format). */
const pageFileOf = (url: string) => `${url.replace(/^\//, '')}${url.endsWith('/') ? '' : '/'}index.html`;

/**
 * `html` of the clean build with each link to an old URL the kept build redirects written at its
 * target: history's other addition, a link in the service's HTML written at the page's current URL.
 */
const withLinksMoved = (html: string, redirects: ReadonlyMap<string, string>) =>
  redirects.size === 0
    ? html
    : html.replace(/(<a\b[^>]*?\shref=")([^"]*)"/g, (tag, start: string, href: string) => {
        const to = redirects.get(href);
        return to === undefined ? tag : `${start}${to}"`;
      });

/** Where two texts part, with a little context from each. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `  kept:  …${a.slice(Math.max(0, i - 60), i + 80)}\n  clean: …${b.slice(Math.max(0, i - 60), i + 80)}`;
}

const RUNS = Number(process.env.SITECONTENT_KEPT_CACHE_RUNS ?? 2);
const EDITS = Number(process.env.SITECONTENT_KEPT_CACHE_EDITS ?? 3);
/** A fixed seed, so a run is repeatable; `SITECONTENT_KEPT_CACHE_SEED` replays another. */
const SEED = Number(process.env.SITECONTENT_KEPT_CACHE_SEED ?? 5401);

export function describeKeptCacheProperty(): void {
  describe('a kept cache builds the same site as a clean build', () => {
    it(
      `after each edit of ${RUNS} generated sequences of up to ${EDITS} edits (seed ${SEED})`,
      async () => {
        let run = 0;
        await fc.assert(
          fc.asyncProperty(fc.array(catalogEdit, { minLength: 1, maxLength: EDITS }), async (edits) => {
            // Incremental page builds on the even runs, every page rendered on the odd ones.
            const incremental = run++ % 2 === 0;
            const emu: Emulator = await startEmulator({ seed: 'demo' });
            const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
            const keptCache = await mkdtemp(path.join(tmpdir(), 'kept-cache-'));
            const keptOut = await mkdtemp(path.join(tmpdir(), 'kept-dist-'));
            const env = {
              SITECONTENT_BASE_URL: emu.url,
              SITECONTENT_API_KEY: emu.key,
              SITECONTENT_SID: String(emu.sid),
              SITECONTENT_DEMO_ASSETS: '1',
              STOREFRONT_INCREMENTAL_BUILD: String(incremental),
            };
            const build = async (outDir: string, cacheDir: string, label: string) => {
              const result = await buildSite(env, undefined, outDir, cacheDir);
              if (result.code !== 0) throw new Error(`${label} failed:\n${result.output.slice(-2500)}`);
              return result.output;
            };
            const renames: { id: number; tx: string }[] = [];
            try {
              await build(keptOut, keptCache, 'the first build');
              for (const [i, made] of edits.entries()) {
                // Links to a renamed section's old URL that the clean build, knowing no history, keeps.
                const deadLinks =
                  made.kind === 'rename-section' ? await articlesLinkingBelow(client, made) : [];
                await applyEdit(client, made, renames);
                const cleanCache = await mkdtemp(path.join(tmpdir(), 'clean-cache-'));
                const cleanOut = await mkdtemp(path.join(tmpdir(), 'clean-dist-'));
                try {
                  await build(keptOut, keptCache, `the kept build after edit ${i + 1}`);
                  const output = await build(cleanOut, cleanCache, `the clean build after edit ${i + 1}`);
                  // It passes, and its SEO check names each article whose link is dead now.
                  for (const id of deadLinks) {
                    if (!output.includes(`from the service's HTML of articles ${id}, field`))
                      throw new Error(
                        `the clean build after edit ${i + 1} named no dead link of article ${id}`,
                      );
                  }
                  const differences = await keptCacheDifferences(keptOut, cleanOut);
                  if (differences.length > 0) {
                    throw new Error(
                      `after edit ${i + 1} (${JSON.stringify(made)}), incremental ${incremental}:\n${differences.slice(0, 8).join('\n')}`,
                    );
                  }
                } finally {
                  await rm(cleanCache, { recursive: true, force: true });
                  await rm(cleanOut, { recursive: true, force: true });
                }
              }
            } finally {
              await emu.close();
              await rm(keptCache, { recursive: true, force: true });
              await rm(keptOut, { recursive: true, force: true });
            }
          }),
          {
            seed: SEED,
            numRuns: RUNS,
            endOnFailure: false,
            interruptAfterTimeLimit: 20 * 60_000,
            // Always, besides the generated ones: an editor's undo, then a subsection renamed and
            // back after it (audio → audio-r1 → audio, speakers → speakers-r2 → speakers).
            examples: [
              [
                [
                  { kind: 'rename-section', section: 2, n: 1 },
                  { kind: 'undo-rename' },
                  { kind: 'rename-section', section: 8, n: 2 },
                  { kind: 'undo-rename' },
                ],
              ],
            ],
          },
        );
        expect(run).toBeGreaterThanOrEqual(RUNS);
      },
      30 * 60_000,
    );
  });
}
