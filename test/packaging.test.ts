// The bins and the package metadata in the repository itself. After `npm ci && npm run build` at the
// root, `npx sitecontent` and `npx sitecontent-emulator` must run: npm links a workspace bin only when
// its target exists at install time, so the targets are committed files, not build output. On a Node
// older than a package needs, its bin prints one line instead of a stack trace. The packed tarballs
// and a project installing them are tested in test/consumer/.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLOOR, ON_NODE_24 } from '../tools/node-floor.mjs';
import { repoRoot } from './helpers/storefront.js';

const PACKAGES = ['client', 'emulator', 'astro'] as const;
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
const pkg = (name: (typeof PACKAGES)[number]) => readJson(`packages/${name}/package.json`);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: repoRoot, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

const npxCli = process.env.npm_execpath?.match(/npm-cli\.[cm]?js$/)
  ? path.join(path.dirname(process.env.npm_execpath), 'npx-cli.js')
  : undefined;
/** `npx --no -- <bin> …` at the root: runs the linked bin, never asks the registry. */
const npx = (args: string[]) =>
  npxCli ? exec(process.execPath, [npxCli, '--no', '--', ...args]) : exec('npx', ['--no', '--', ...args]);

/** Runs a bin file with this Node reporting itself as `version` (process.versions.node). */
function binOnNode(bin: string, version: string, args: string[]): Promise<Run> {
  const pretend = `Object.defineProperty(process.versions, 'node', { value: '${version}' });`;
  return exec(process.execPath, [
    '--import',
    `data:text/javascript,${encodeURIComponent(pretend)}`,
    bin,
    ...args,
  ]);
}

const BINS = [
  { name: 'sitecontent', dir: 'client', usage: /^Usage: sitecontent /m },
  { name: 'sitecontent-emulator', dir: 'emulator', usage: /^ {2}sitecontent-emulator serve /m },
] as const;

describe('bins at the repository root', () => {
  it.each(BINS)(
    '$name points at a committed file outside dist/, so npm links it before the build',
    async ({ name, dir }) => {
      const target = pkg(dir).bin[name] as string;
      expect(target).toMatch(/^\.\/bin\/[\w-]+\.js$/);
      const file = path.join('packages', dir, target);
      const tracked = await exec('git', ['ls-files', '--error-unmatch', file]);
      expect(tracked.code, `${file} is committed`).toBe(0);
      expect(readFileSync(path.join(repoRoot, file), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    },
  );

  it.each(BINS)('npx $name --help works after npm ci && npm run build', async ({ name, usage }) => {
    expect(existsSync(path.join(repoRoot, 'node_modules', '.bin', name)), 'npm linked the bin').toBe(true);
    const { code, stdout, stderr } = await npx([name, '--help']);
    expect(stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(usage);
  });
});

describe('package READMEs', () => {
  it.each(PACKAGES)(
    '%s: a package page of at most 250 lines that links to the documentation site',
    (name) => {
      const readme = readFileSync(path.join(repoRoot, 'packages', name, 'README.md'), 'utf8');
      expect(readme.split('\n').length).toBeLessThanOrEqual(250);
      expect(readme).toContain('https://sitecontent.github.io/');
    },
  );
});

// Each version on either side of the floor, on this Node pretending to be it; on a real older Node:
// older-node.test.ts. The floor and the engines: node-floor.test.ts.
describe('bins on an older Node', () => {
  const clientBin = path.join(repoRoot, 'packages/client/bin/sitecontent.js');
  const emulatorBin = path.join(repoRoot, 'packages/emulator/bin/sitecontent-emulator.js');
  const [major, minor, patch] = NODE_FLOOR.split('.').map(Number) as [number, number, number];
  /** Just below the floor. */
  const below = `${major}.${minor}.${patch - 1}`;

  it('sitecontent says in one line which Node it needs (the floor) and which it got', async () => {
    for (const old of ['20.19.0', below, '18.0.0']) {
      const { code, stdout, stderr } = await binOnNode(clientBin, old, ['--help']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `sitecontent: needs Node ≥ ${NODE_FLOOR}, this is ${old}; run: ${ON_NODE_24} node ${clientBin} --help\n`,
      );
    }
    const ok = await binOnNode(clientBin, NODE_FLOOR, ['--help']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Usage: sitecontent /);
  });

  it('the storefront script says so too, before it imports Astro or the emulator', async () => {
    const script = path.join(repoRoot, 'example-site/scripts/storefront.mjs');
    const { code, stdout, stderr } = await binOnNode(script, '20.19.0', ['serve', '--port', '0']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(
      stderr.startsWith(`storefront: needs Node ≥ ${NODE_FLOOR}, this is 20.19.0; run: ${ON_NODE_24} node `),
    ).toBe(true);
    expect(stderr).toMatch(/ \S*example-site\/scripts\/storefront\.mjs serve --port 0 \(or npm run build/);
    expect(stderr.split('\n')).toHaveLength(2);
    // From the floor on, the script goes on (here to its usage: `help` is no command of it).
    const ok = await binOnNode(script, NODE_FLOOR, ['help']);
    expect(ok.code, ok.stderr).toBe(2);
    expect(ok.stderr).toMatch(/^usage: /);
  });

  it('sitecontent-emulator says so below the floor and on 23.x, and runs from the floor and 24.0', async () => {
    for (const old of ['20.19.0', below, '23.11.0']) {
      const { code, stdout, stderr } = await binOnNode(emulatorBin, old, ['--help']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `sitecontent-emulator: needs Node ≥ ${NODE_FLOOR} (not 23.x), this is ${old}; run: ${ON_NODE_24} node ${emulatorBin} --help\n`,
      );
    }
    for (const good of [NODE_FLOOR, '24.0.0', '26.1.0']) {
      const { code, stdout } = await binOnNode(emulatorBin, good, ['--help']);
      expect(code, good).toBe(0);
      expect(stdout).toMatch(/sitecontent-emulator serve /);
    }
  });
});

describe('package metadata', () => {
  const root = readJson('package.json');

  it('names one repository everywhere: the root package.json', () => {
    expect(root.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
    for (const name of PACKAGES) {
      expect(pkg(name).repository, name).toEqual({
        type: 'git',
        url: root.repository.url,
        directory: `packages/${name}`,
      });
    }
  });

  it('ships a LICENSE (MIT) and a CHANGELOG.md in every package', () => {
    const license = readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n/);
    expect(root.license).toBe('MIT');
    for (const name of PACKAGES) {
      expect(pkg(name).license, name).toBe('MIT');
      expect(readFileSync(path.join(repoRoot, 'packages', name, 'LICENSE'), 'utf8'), name).toBe(license);
      expect(readFileSync(path.join(repoRoot, 'packages', name, 'CHANGELOG.md'), 'utf8'), name).toMatch(
        new RegExp(`^# @sitecontent/${name}\\n`),
      );
    }
  });

  it('declares the astro peer range the consumer test installs from (^X.Y.Z, Astro 7)', () => {
    expect(pkg('astro').peerDependencies.astro).toMatch(/^\^7\.\d+\.\d+$/);
  });
});
