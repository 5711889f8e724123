// How the consumer suite makes its project, and reads the tarballs: the packed packages installed into
// a new Astro project outside the repository, as a user installs them, so that what the suite checks
// is what a user gets, not the monorepo's links.
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packTarballs } from '../../tools/pack.mjs';
import { snippet } from '../docs/snippets.js';
import { documentedInstall, runCommands } from './documented-install.js';
import { installedVersion, readJson, run } from './packed-project.js';
import type { ProcessResult } from './process.js';
import { repoRoot } from './storefront.js';

const fixtureDir = fileURLToPath(new URL('../consumer/fixture/', import.meta.url));
const seoSetupDir = fileURLToPath(new URL('../consumer/seo-setup/', import.meta.url));

/** The lowest version of a caret range such as `^7.2.0`. */
function lowestOf(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)$/.exec(range);
  if (!match?.[1]) throw new Error(`expected the astro peer range as ^X.Y.Z, got "${range}"`);
  return match[1];
}

/** The Astro the project installs: the lowest the peer range allows, or SITECONTENT_CONSUMER_ASTRO. */
export const ASTRO_VERSION =
  process.env.SITECONTENT_CONSUMER_ASTRO ||
  lowestOf(readJson(path.join(repoRoot, 'packages/astro/package.json')).peerDependencies.astro);

/** The install page's shell block: packing in a checkout, installing the tarballs in a project. */
export const INSTALL_PAGE_BLOCK = 'snippets/install/tarballs.sh';
/** The ten-minutes guide's. */
export const TEN_MINUTES_BLOCK = 'snippets/start/tarballs.sh';

export type PackedTarballs = ReturnType<typeof packTarballs>;

/**
 * Packs the three packages into `work`/packs, copies test/consumer/fixture/ to `work`/project and
 * installs the tarballs there with the install page's commands as written (its shell block, the
 * checkout's path replaced by `work`/packs), the project depending already on Astro, @astrojs/check,
 * @astrojs/sitemap and TypeScript from the registry. The packages are packed as built by `npm test`:
 * no clean build here (`npm run pack` does one), since other test files use dist/ meanwhile. A failed
 * install throws with the end of its output.
 */
export async function installPackedProject(
  work: string,
): Promise<{ project: string; packs: string; tarballs: PackedTarballs; install: ProcessResult }> {
  const project = path.join(work, 'project');
  const packs = path.join(work, 'packs');
  const tarballs = packTarballs(packs);
  await cp(fixtureDir, project, { recursive: true });
  // A new Astro project depends on Astro already: here the version under test, and the checker.
  const manifest = path.join(project, 'package.json');
  await writeFile(
    manifest,
    `${JSON.stringify(
      {
        ...readJson(manifest),
        dependencies: {
          astro: ASTRO_VERSION,
          '@astrojs/check': installedVersion('@astrojs/check'),
          '@astrojs/sitemap': installedVersion('@astrojs/sitemap'),
          typescript: installedVersion('typescript'),
        },
      },
      null,
      2,
    )}\n`,
  );
  const install = await runCommands(documentedInstall(INSTALL_PAGE_BLOCK, packs).project, project);
  if (install.code !== 0)
    throw new Error(`the install page's commands failed:\n${install.output.slice(-3000)}`);
  return { project, packs, tarballs, install };
}

/**
 * Adds the README's SEO set-up (test/consumer/seo-setup/) and the sitemap guide's robots.txt to
 * `project`, and builds it once with each trailingSlash, into `dist-<trailingSlash>`.
 */
export async function buildSeoSetups(project: string): Promise<Record<'always' | 'never', ProcessResult>> {
  await cp(seoSetupDir, project, { recursive: true });
  await writeFile(path.join(project, 'src/pages/robots.txt.ts'), snippet('src/pages/robots.txt.ts'));
  const astro = path.join(project, 'node_modules', '.bin', 'astro');
  const build = (trailingSlash: 'always' | 'never') =>
    run(process.execPath, [astro, 'build', '--config', 'astro.seo.config.mjs'], project, {
      CONSUMER_TRAILING_SLASH: trailingSlash,
      CONSUMER_OUT_DIR: `dist-${trailingSlash}`,
    });
  // One at a time: both builds use the project's .astro/ and cache folders.
  const always = await build('always');
  const never = await build('never');
  return { always, never };
}

/** The text of `file` inside a tarball (`package/<file>`). */
export async function historyFilePath(tarball: string, file: string): Promise<string> {
  const result = await run('tar', ['-xzOf', tarball, `package/${file}`], path.dirname(tarball));
  if (result.code !== 0) throw new Error(`tar: ${result.stderr}`);
  return result.stdout;
}

/** The package.json inside a tarball. */
export async function packageJsonOf(tarball: string) {
  return JSON.parse(await historyFilePath(tarball, 'package.json'));
}
