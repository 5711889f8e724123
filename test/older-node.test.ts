// On a machine whose Node is older than the floor (Node 20 from the npm registry, see
// helpers/older-node.ts), every command and script the guides give either runs or stops at once,
// before it imports or serves anything, with one line naming the Node it needs and the command that
// runs it on Node 24; that command, run as printed, then runs it. The deploy guides' local scripts are
// run from their snippets in a project whose built function is a stub, so that a script without the
// check would serve on Node 20 instead of failing for want of a build; the Node guide's server is a
// real build of its config (which would listen on Node 20 and answer 500 at each page). Last, the
// documented way to run any command on Node 24, `npx -y -p node@24 -- <command>`, run as written for
// npm, npx and node commands.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sitecontent/client';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../packages/astro/test/helpers/fixture.js';
import { NODE_FLOOR, ON_NODE_24 } from '../tools/node-floor.mjs';
import { snippet } from './docs/snippets.js';
import { OLDER_MAJOR, olderNode, olderNodeEnv } from './helpers/older-node.js';
import { buildSite, connectionEnv, withFixtureCacheDir } from './helpers/on-demand-site.js';
import { stopChild } from './helpers/packed-project.js';
import { runProcess } from './helpers/process.js';
import { repoRoot } from './helpers/storefront.js';

/** How long "at once" may take on a busy machine: a script that serves instead never exits. */
const AT_ONCE_MS = 10_000;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let node: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  node = await olderNode();
  env = olderNodeEnv(node);
}, 180_000);

/** A project as the Netlify and Vercel guides leave it after a build, with stub functions. */
function guideProject(): string {
  const project = mkdtempSync(path.join(tmpdir(), 'sitecontent-older-node-project-'));
  const files: Record<string, string> = {
    'scripts/serve-netlify.mjs': snippet('scripts/serve-netlify.mjs'),
    'scripts/serve-vercel.mjs': snippet('scripts/serve-vercel.mjs'),
    '.netlify/v1/functions/ssr/ssr.mjs': "export default () => new Response('stub function');\n",
    '.vercel/output/functions/_render.func/.vc-config.json': '{ "handler": "render.mjs" }\n',
    '.vercel/output/functions/_render.func/render.mjs':
      "export default { fetch: () => new Response('stub function') };\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
  return project;
}

/** What the guides' local scripts print once they serve. */
const SERVING = /Serving the build on (http:\S+)/;

/**
 * Runs `command` (a shell line) in `cwd` until it prints `ready` (its URL), asks it for `page`, then
 * stops it and everything it started.
 */
async function serveOnce(
  command: string,
  cwd: string,
  childEnv: NodeJS.ProcessEnv,
  { ready = SERVING, page = '/' }: { ready?: RegExp; page?: string } = {},
) {
  const child: ChildProcess = spawn('sh', ['-c', command], {
    cwd,
    env: { ...childEnv, HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not serving within 120 s:\n${output}`)), 120_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const found = ready.exec(output)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`exited (${code}) before serving:\n${output}`)));
    });
    const response = await fetch(`${url}${page}`);
    return { status: response.status, body: await response.text() };
  } finally {
    await stopChild(child, true);
  }
}

/** The command a one-line refusal names: after "run: ", up to an aside in parentheses. */
const namedCommand = (line: string) => /; run: (.+?)(?: \(or [^)]*\))?$/.exec(line.trim())?.[1] ?? '';

/**
 * Runs `file` with `args` on the older Node and expects it to stop at once, exit 1 and print
 * nothing on stdout; returns what it printed on stderr (its one line).
 */
async function refusedAtOnce(file: string, args: string[], cwd: string, runEnv: NodeJS.ProcessEnv) {
  const started = Date.now();
  const old = await runProcess(node, [file, ...args], { cwd, env: runEnv, timeoutMs: AT_ONCE_MS });
  expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
  expect(old.code, old.output).toBe(1);
  expect(old.stdout).toBe('');
  return old.stderr;
}

describe(`the guides' commands and scripts on Node ${OLDER_MAJOR}`, () => {
  const BINS = [
    {
      name: 'sitecontent',
      file: 'packages/client/bin/sitecontent.js',
      args: ['--help'],
      needs: `Node ≥ ${NODE_FLOOR}`,
      runs: { code: 0, output: /^Usage: sitecontent /m },
    },
    {
      name: 'sitecontent-emulator',
      file: 'packages/emulator/bin/sitecontent-emulator.js',
      args: ['--help'],
      needs: `Node ≥ ${NODE_FLOOR} (not 23.x)`,
      runs: { code: 0, output: /sitecontent-emulator serve / },
    },
    {
      // The ten-minutes guide's `storefront.mjs serve`: a word it does not know shows, on Node 24, its
      // usage instead of a whole build.
      name: 'storefront',
      file: 'example-site/scripts/storefront.mjs',
      args: ['help'],
      needs: `Node ≥ ${NODE_FLOOR}`,
      runs: { code: 2, output: /^usage: node example-site\/scripts\/storefront\.mjs /m },
    },
  ];

  it.each(BINS)(
    '$name stops at once with one line, and the command it names runs it',
    async (bin) => {
      const stderr = await refusedAtOnce(bin.file, bin.args, repoRoot, env);
      expect(stderr).toMatch(
        new RegExp(
          `^${literal(bin.name)}: needs ${literal(bin.needs)}, this is ${OLDER_MAJOR}\\.\\d+\\.\\d+; run: ${literal(ON_NODE_24)} node \\S+ ${bin.args.join(' ')}.*\\n$`,
        ),
      );
      const again = await runProcess('sh', ['-c', namedCommand(stderr)], { cwd: repoRoot, env });
      expect(again.code, again.output).toBe(bin.runs.code);
      expect(again.output).toMatch(bin.runs.output);
    },
    180_000,
  );

  it.each(['netlify', 'vercel'])(
    'serve-%s.mjs stops at once with one line, and the command it names serves the build',
    async (host) => {
      const project = guideProject();
      const stderr = await refusedAtOnce(`scripts/serve-${host}.mjs`, [], project, { ...env, PORT: '0' });
      expect(stderr).toMatch(
        new RegExp(
          `^serve-${host}: needs Node ≥ ${literal(NODE_FLOOR)}, this is ${OLDER_MAJOR}\\.\\d+\\.\\d+; ` +
            `run: ${literal(ON_NODE_24)} node scripts/serve-${host}\\.mjs\\n$`,
        ),
      );
      const served = await serveOnce(namedCommand(stderr), project, env);
      expect(served).toEqual({ status: 200, body: 'stub function' });
    },
    180_000,
  );

  it.each(['netlify', 'vercel'])(
    'serve-%s.mjs refuses below the floor and serves from it',
    async (host) => {
      const project = guideProject();
      /** This test's Node, reporting itself as `version`. */
      const as = (version: string) => {
        const pretend = `Object.defineProperty(process.versions, 'node', { value: '${version}' });`;
        return `"${process.execPath}" --import "data:text/javascript,${encodeURIComponent(pretend)}" scripts/serve-${host}.mjs`;
      };
      const [major, minor, patch] = NODE_FLOOR.split('.').map(Number) as [number, number, number];
      for (const below of [`${major}.${minor}.${patch - 1}`, `${major}.9.0`]) {
        const run = await runProcess('sh', ['-c', as(below)], { cwd: project, timeoutMs: AT_ONCE_MS });
        expect(run.code, below).toBe(1);
        expect(run.stderr, below).toContain(`needs Node ≥ ${NODE_FLOOR}, this is ${below};`);
      }
      for (const from of [NODE_FLOOR, `${major}.${minor + 100}.0`, '24.0.0']) {
        expect(await serveOnce(as(from), project, process.env), from).toEqual({
          status: 200,
          body: 'stub function',
        });
      }
    },
    120_000,
  );
});

describe(`the Node guide's server on Node ${OLDER_MAJOR}`, () => {
  let emu: Emulator | undefined;
  let fx: Fixture | undefined;
  let connection: Record<string, string>;
  let productPage: string;

  beforeAll(async () => {
    emu = await startEmulator({ seed: 'demo' });
    connection = connectionEnv(emu.url, emu);
    const client = createClient({ baseUrl: emu.url, apiKey: emu.key, sid: emu.sid });
    try {
      const product = (await client.products.list()).find((p) => p.shw);
      productPage = `/shop/${product?.id}`;
    } finally {
      await client.close();
    }
    // The Node guide's config and the live loaders guide's pages, as the deploy guides build them.
    fx = await buildSite(
      {
        'astro.config.mjs': withFixtureCacheDir(snippet('snippets/deploy/node.astro.config.mjs')),
        'src/live.config.ts': snippet('src/live.config.ts'),
        'src/pages/shop/[id].astro': snippet('src/pages/shop/[id].astro'),
      },
      connection,
    );
  }, 240_000);

  afterAll(async () => {
    fx?.remove();
    await emu?.close();
  });

  it('node dist/server/entry.mjs stops at once with one line, and the command it names serves the pages', async () => {
    const root = fx?.root ?? '';
    // Stopped before listening: nothing on stdout, where the server says it listens.
    const stderr = await refusedAtOnce('dist/server/entry.mjs', [], root, {
      ...env,
      ...connection,
      HOST: '127.0.0.1',
      PORT: '0',
    });
    expect(stderr).toMatch(
      new RegExp(
        `^\\[@sitecontent/astro\\] needs Node ≥ ${literal(NODE_FLOOR)}, this is ${OLDER_MAJOR}\\.\\d+\\.\\d+; ` +
          `run: ${literal(ON_NODE_24)} node dist/server/entry\\.mjs\\n$`,
      ),
    );
    const served = await serveOnce(
      namedCommand(stderr),
      root,
      { ...env, ...connection },
      {
        ready: /Server listening on (http:\S+)/,
        page: productPage,
      },
    );
    expect(served.status, served.body).toBe(200);
  }, 180_000);
});

describe(`"${ON_NODE_24} <command>" on Node ${OLDER_MAJOR}`, () => {
  const sh = (command: string, cwd: string) => runProcess('sh', ['-c', command], { cwd, env });

  it('runs node on Node 24', async () => {
    const run = await sh(`${ON_NODE_24} node -p process.versions.node`, tmpdir());
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^24\.\d+\.\d+\n$/);
  }, 120_000);

  it('runs npm create astro@latest (create-astro refuses Node 20)', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'sitecontent-create-'));
    const run = await sh(`${ON_NODE_24} npm create astro@latest -- --help`, cwd);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/create-astro .*Scaffold Astro projects/);
    expect(run.output).not.toMatch(/unsupported|EBADENGINE/);
  }, 120_000);

  it("runs a project's own npx command, which Astro refuses on Node 20 without it", async () => {
    // A project with Astro installed (linked from the repository's node_modules) and no Node of its own.
    const project = mkdtempSync(path.join(tmpdir(), 'sitecontent-npx-'));
    writeFileSync(path.join(project, 'package.json'), '{ "name": "npx-project", "private": true }\n');
    mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(path.join(repoRoot, 'node_modules', 'astro'), path.join(project, 'node_modules', 'astro'));
    symlinkSync('../astro/bin/astro.mjs', path.join(project, 'node_modules', '.bin', 'astro'));
    const without = await sh('npx astro --version', project);
    expect(without.code).toBe(1);
    expect(without.output).toContain(`Node.js v${OLDER_MAJOR}.`);
    expect(without.output).toContain('is not supported by Astro');
    const run = await sh(`${ON_NODE_24} npx astro --version`, project);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/astro\s+v7\.\d+\.\d+/);
  }, 120_000);
});
