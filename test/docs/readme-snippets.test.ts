// Every code snippet of the documentation compiles, so the docs cannot drift from the types. The
// snippets become the files of one Astro project (each names its file with a marker, see
// snippets.ts), built against the emulator: `astro check` type-checks the pages and the TypeScript,
// `tsc` the JavaScript config files, against the content types Astro generates from the loaders.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runProcess } from '../helpers/process.js';
import { DOCS, type Snippet, snippetsOf } from './snippets.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const snippets: Snippet[] = DOCS.flatMap((doc) => snippetsOf(repoRoot, doc));
const where = (s: Snippet) => `${s.doc}:${s.line}`;

/** Runs `node args` in `cwd` (asynchronously: the emulator answers from this process meanwhile). */
const run = (cwd: string, args: string[]) =>
  runProcess(process.execPath, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ASTRO_TELEMETRY_DISABLED: '1' },
    timeoutMs: 200_000,
  });

describe('documentation snippets', () => {
  it('each names the file it becomes (a marker line before its fence), and no two the same', () => {
    expect(snippets.length).toBeGreaterThan(5);
    expect(snippets.filter((s) => s.file === undefined).map(where)).toEqual([]);
    const byFile = new Map<string, string[]>();
    for (const s of snippets) byFile.set(s.file!, [...(byFile.get(s.file!) ?? []), where(s)]);
    expect([...byFile.values()].filter((places) => places.length > 1)).toEqual([]);
  });

  it('the CI workflow keeps the cache folder the incremental-build test restores, after npm ci', () => {
    // test/storefront-incremental.ts proves a fresh checkout with that folder restored renders no page.
    const workflow = snippets.find((s) => s.file === '.github/workflows/site.yml');
    expect(workflow, 'the Build pipelines workflow').toBeDefined();
    const parsed = parseYaml(workflow!.code) as {
      on: Record<string, unknown>;
      jobs: { build: { steps: { uses?: string; run?: string; with?: { path?: string } }[] } };
    };
    expect(Object.keys(parsed.on)).toEqual(
      expect.arrayContaining(['push', 'repository_dispatch', 'schedule']),
    );
    const steps = parsed.jobs.build.steps;
    const install = steps.findIndex((s) => s.run === 'npm ci');
    const cache = steps.findIndex((s) => s.uses?.startsWith('actions/cache@'));
    const build = steps.findIndex((s) => s.run?.includes('astro build'));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(cache).toBeGreaterThan(install);
    expect(build).toBeGreaterThan(cache);
    // Astro's default cacheDir, as the storefront (astro.config.mjs) and a new project use it.
    expect(steps[cache]!.with?.path).toBe('node_modules/.astro');
    // A re-run saves its own cache entry (a key that exists already is not saved again).
    expect(String((steps[cache]!.with as { key?: string }).key)).toMatch(
      /github\.run_id.*github\.run_attempt/,
    );
    // The scheduled run is the full meta refresh the Rebuilds section describes.
    const buildEnv = (steps[build] as { env?: Record<string, string> }).env ?? {};
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    expect(buildEnv.SITECONTENT_REFETCH_META).toBe("${{ github.event_name == 'schedule' && '1' || '' }}");
    // The uploaded artifact is deployed, with the permissions Pages needs.
    const deploy = (
      parsed.jobs as Record<
        string,
        { needs?: string; permissions?: Record<string, string>; steps?: { uses?: string }[] }
      >
    ).deploy;
    expect(deploy?.needs).toBe('build');
    expect(deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(deploy?.steps?.some((step) => step.uses?.startsWith('actions/deploy-pages@'))).toBe(true);
  });

  describe('in an Astro project built against the emulator', () => {
    let emu: Emulator;
    let root: string;

    beforeAll(async () => {
      emu = await startEmulator({ seed: 'demo' });
      root = mkdtempSync(path.join(tmpdir(), 'sitecontent-snippets-'));
      symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      const files: Record<string, string> = {
        'package.json': JSON.stringify({ name: 'snippets', type: 'module', private: true }),
        '.env': `SITECONTENT_BASE_URL=${emu.url}\nSITECONTENT_API_KEY=${emu.key}\nSITECONTENT_SID=${emu.sid}\n`,
        'tsconfig.json': JSON.stringify({
          extends: 'astro/tsconfigs/strict',
          include: ['.astro/types.d.ts', '**/*'],
          exclude: ['dist', 'node_modules'],
          compilerOptions: { allowJs: true, checkJs: true, noEmit: true },
        }),
      };
      for (const s of snippets) files[s.file!] = s.code;
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      }
    });
    afterAll(async () => {
      await emu?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('astro check reports no error in the pages and TypeScript snippets', async () => {
      const astro = path.join(repoRoot, 'node_modules/astro/bin/astro.mjs');
      const result = await run(root, [astro, 'check']);
      expect(result.code, result.output.slice(-4000)).toBe(0);
      expect(result.output).toMatch(/- 0 errors/);
    }, 240_000);

    it('tsc accepts the JavaScript snippets (config files) with checkJs', async () => {
      const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
      const result = await run(root, [tsc, '-p', 'tsconfig.json']);
      expect(result.code, result.output).toBe(0);
    }, 120_000);
  });
});
