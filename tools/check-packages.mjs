#!/usr/bin/env node
// `npm run lint:packages` (run by .ci/run): builds the packages from a clean dist/, packs them into
// packs/ as `npm run pack` does, and lints the tarballs (what users install, not the folders) with
// publint (every message, suggestions too, is a failure) and `attw --profile esm-only` (the packages
// are ESM only, so the CommonJS and node10 resolutions are out of scope). Prints one line per check.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanBuild, packTarballs, repoRoot } from './pack.mjs';

const bin = (pkg, file) => path.join(repoRoot, 'node_modules', pkg, file);
const PUBLINT = bin('publint', 'src/cli.js');
const ATTW = bin('@arethetypeswrong/cli', 'dist/index.js');

function run(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/**
 * The package's `.astro` entry points: components ship as source for Astro to compile, and
 * TypeScript alone cannot resolve an `.astro` file, so attw would report every one as unresolved.
 * `astro check` in the docs and consumer tests types them instead.
 */
function astroEntryPoints(name) {
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, 'packages', name.split('/')[1], 'package.json'), 'utf8'),
  );
  return Object.keys(manifest.exports ?? {}).filter((entry) => entry.endsWith('.astro'));
}

cleanBuild();
let failed = 0;
for (const { name, tarball } of packTarballs()) {
  const publint = run(PUBLINT, ['run', '--strict', tarball]);
  // "All good!" is publint's line for a package with no error, warning or suggestion.
  if (publint.code === 0 && /^All good!$/m.test(publint.output)) {
    process.stdout.write(`publint ${name}: all good\n`);
  } else {
    failed++;
    process.stdout.write(`publint ${name}: FAILED\n${publint.output}\n`);
  }
  const astro = astroEntryPoints(name);
  const attwArgs = [
    tarball,
    '--profile',
    'esm-only',
    ...(astro.length > 0 ? ['--exclude-entrypoints', ...astro] : []),
  ];
  const attw = run(ATTW, [...attwArgs, '--quiet']);
  if (attw.code === 0) {
    process.stdout.write(`attw ${name}: no problems (esm-only)\n`);
  } else {
    failed++;
    const shown = run(ATTW, [...attwArgs, '--no-emoji', '--no-color']);
    process.stdout.write(`attw ${name}: FAILED\n${shown.output}\n`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
