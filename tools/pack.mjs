#!/usr/bin/env node
// `npm run pack`: writes the three packages' tarballs, exactly as `npm publish` would upload them, into
// packs/ (git-ignored), for trying them in a project before a release (README: "Try it before the
// first release"). It builds from a clean dist/ first: tsc never deletes the output of a removed
// source file, and such a leftover would ship. The consumer test packs through packTarballs() without
// the clean build, because other test files use the built dist/ while it runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const PACKAGES = ['packages/client', 'packages/emulator', 'packages/astro'];
export const DEFAULT_DESTINATION = path.join(repoRoot, 'packs');

/** Runs npm with this process's Node (npm_execpath is set under `npm run`). */
function npm(args, options) {
  const cli = process.env.npm_execpath;
  return cli && /npm-cli\.[cm]?js$/.test(cli)
    ? execFileSync(process.execPath, [cli, ...args], options)
    : execFileSync('npm', args, options);
}

/** Deletes every package's dist/ and rebuilds them all. */
export function cleanBuild() {
  for (const dir of PACKAGES) rmSync(path.join(repoRoot, dir, 'dist'), { recursive: true, force: true });
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const configs = PACKAGES.map((dir) => path.join(dir, 'tsconfig.build.json'));
  execFileSync(process.execPath, [tsc, '-b', ...configs], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * Packs the packages as they are built now into `destination` (emptied first). Returns one record per
 * tarball: the package name and version, the tarball's absolute path and the files it holds.
 * @param {string} [destination]
 * @returns {{ name: string; version: string; tarball: string; files: string[] }[]}
 */
export function packTarballs(destination = DEFAULT_DESTINATION) {
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const workspaces = PACKAGES.flatMap((dir) => ['--workspace', dir]);
  const out = npm(['pack', ...workspaces, '--pack-destination', destination, '--json', '--silent'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** @type {{ name: string; version: string; filename: string; files: { path: string }[] }[]} */
  const packed = JSON.parse(out);
  return packed.map((p) => ({
    name: p.name,
    version: p.version,
    tarball: path.join(destination, p.filename),
    files: p.files.map((f) => f.path).sort(),
  }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cleanBuild();
  for (const { tarball, files } of packTarballs()) {
    process.stdout.write(`${path.relative(process.cwd(), tarball)}  (${files.length} files)\n`);
  }
}
