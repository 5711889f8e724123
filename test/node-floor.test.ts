// The Node floor (tools/node-floor.mjs) against what decides it and everything that repeats it. Astro
// decides it: the floor is the highest `engines` of the Astro in package-lock.json and the newest
// Astro on the registry (what `npm install astro` gets a newcomer), and at least undici's. The
// engines of the packages and the root, and every Markdown page that says which Node to have, name
// the same version, and so does the astro package's check at a server's start; every "run it on Node
// 24" advice is the one form that works for npm and npx commands. How the bins, the scripts and a
// built server behave on an older Node: older-node.test.ts and packaging.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLOOR as ASTRO_REQUEST_TIME_FLOOR } from '../packages/astro/src/request-time/node-check.js';
import { NODE_FLOOR, ON_NODE_24 } from '../tools/node-floor.mjs';
import { DOCS } from './docs/snippets.js';
import { npm, readJson } from './helpers/packed-project.js';
import { repoRoot } from './helpers/storefront.js';

const lock = readJson(path.join(repoRoot, 'package-lock.json'));
const manifest = (dir: string) => readJson(path.join(repoRoot, dir, 'package.json'));

/** The lowest version an `engines.node` of the form `>=X.Y.Z` allows. */
function floorOf(range: string): string {
  const match = /^>=(\d+\.\d+\.\d+)$/.exec(range);
  if (!match?.[1]) throw new Error(`expected engines.node as >=X.Y.Z, got "${range}"`);
  return match[1];
}

/** Compares versions X.Y.Z by number: negative when `a` is lower. */
const compare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

describe('the floor is what Astro needs', () => {
  it("equals the highest of Astro's engines in the lockfile and on the registry, and is at least undici's", async () => {
    const locked = lock.packages['node_modules/astro'];
    const view = await npm(['view', 'astro@latest', 'version', 'engines.node', '--json'], repoRoot);
    expect(view.code, view.output).toBe(0);
    const latest = JSON.parse(view.stdout) as { version: string; 'engines.node': string };
    const needs = [floorOf(locked.engines.node), floorOf(latest['engines.node'])].sort(compare);
    expect(
      NODE_FLOOR,
      `astro ${locked.version} (lockfile) needs ${locked.engines.node}, astro ${latest.version} (latest) ` +
        `${latest['engines.node']}: set NODE_FLOOR in tools/node-floor.mjs to the higher and run this test again`,
    ).toBe(needs.at(-1));
    const undici = floorOf(lock.packages['node_modules/undici'].engines.node);
    expect(compare(NODE_FLOOR, undici), `undici needs ${undici}`).toBeGreaterThanOrEqual(0);
  });
});

describe('engines', () => {
  it('the client and astro packages ask for the floor', () => {
    expect(manifest('packages/client').engines.node).toBe(`>=${NODE_FLOOR}`);
    expect(manifest('packages/astro').engines.node).toBe(`>=${NODE_FLOOR}`);
  });

  it('the emulator asks for the floor on 22.x and any 24 or later (node:sqlite in 23.x lacks isTransaction)', () => {
    expect(manifest('packages/emulator').engines.node).toBe(`^${NODE_FLOOR} || >=24.0.0`);
  });

  it('the repository asks for the floor on 22.x and the even majors after it', () => {
    expect(manifest('.').engines.node).toBe(`^${NODE_FLOOR} || ^24.0.0 || >=26.0.0`);
  });
});

describe('copies in code', () => {
  it("the astro package's request-time check (a server bundle reads no package.json)", () => {
    expect(ASTRO_REQUEST_TIME_FLOOR).toBe(NODE_FLOOR);
  });
});

describe('the documentation', () => {
  /** Each Markdown file's text with line breaks and runs of spaces as one space. */
  const texts = DOCS.map((doc) => ({
    doc,
    text: readFileSync(path.join(repoRoot, doc), 'utf8').replace(/\s+/g, ' '),
  }));

  it('names the floor wherever it says which Node to have, and no other version', () => {
    const named = texts.flatMap(({ doc, text }) =>
      [...text.matchAll(/\bNode (?:≥ |>= |older than )?(\d+\.\d+(?:\.\d+)?)/g)].map((m) => ({
        doc,
        version: m[1],
      })),
    );
    expect(named.filter((n) => n.version !== NODE_FLOOR)).toEqual([]);
    // Where a newcomer looks for it: the README, the package pages, the first guide, every deploy guide.
    const pages = [
      'README.md',
      'packages/astro/README.md',
      'packages/client/README.md',
      'packages/emulator/README.md',
      'example-site/README.md',
      'docs/src/content/docs/start/ten-minutes.md',
      ...['node', 'static', 'netlify', 'vercel'].map((host) => `docs/src/content/docs/deploy/${host}.md`),
    ];
    for (const page of pages)
      expect(
        named.map((n) => n.doc),
        page,
      ).toContain(page);
  });

  it(`runs commands on Node 24 one way only: "${ON_NODE_24} <command>"`, () => {
    // npx's own -p may name the package of a command npx would fetch: `-p node@24 -p netlify-cli --`.
    const form = new RegExp(`${ON_NODE_24.replace(' --', '')} (?:-p \\S+ )*--(?![\\w-])`, 'g');
    for (const { doc, text } of texts) {
      expect(text, doc).not.toMatch(/npx node@/);
      expect(text.match(/node@24/g)?.length ?? 0, doc).toBe(text.match(form)?.length ?? 0);
    }
    expect(texts.find((t) => t.doc === 'README.md')?.text).toContain(`${ON_NODE_24} npm create astro@latest`);
  });
});
