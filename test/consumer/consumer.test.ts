// The packages as users install them. One shared set-up: pack the three packages (`npm pack`, as
// `npm publish` would upload them), create a new Astro project in a temporary folder outside the
// repository from the files in fixture/ (the root README's collections, the guide's product page,
// the config exactly as `astro add @sitecontent/astro` writes it, a tsconfig extending
// astro/tsconfigs/strict), install the tarballs with Astro, @astrojs/check and TypeScript from the
// registry, start the emulator from its packed bin with a random canary key, and put the connection
// in the project's .env only. Then: the tarballs hold what users need and nothing else; astro build
// and astro check pass without a source-map warning; the packed CLI reads .env; the key is nowhere.
//
// Astro is the lowest version the peer range allows (the repository's own tests run the newest), so
// the range claims only what is tested. SITECONTENT_CONSUMER_ASTRO=<version> tries another one.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Product } from '@sitecontent/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASTRO_VERSION,
  buildSeoSetups,
  historyFilePath,
  INSTALL_PAGE_BLOCK,
  installPackedProject,
  type PackedTarballs,
  packageJsonOf,
  TEN_MINUTES_BLOCK,
} from '../helpers/consumer-project.js';
import { documentedInstall, runCommands, startCommand } from '../helpers/documented-install.js';
import {
  childEnv,
  type EmulatorBin,
  npx,
  readJson,
  run,
  startEmulatorBin,
  stopChild,
} from '../helpers/packed-project.js';
import { type ProcessResult, runProcess } from '../helpers/process.js';
import { countOccurrences, findInFiles, listFiles, repoRoot } from '../helpers/storefront.js';

const canary = `canary-${randomBytes(18).toString('hex')}`;
const SID = 1;

const rootPackage = readJson(path.join(repoRoot, 'package.json'));

type Run = ProcessResult;

let work: string;
let project: string;
let packs: string;
let tarballs: PackedTarballs;
let install: Run;
let emulator: EmulatorBin | undefined;
let build: Run;
let check: Run;
let seoBuilds: Partial<Record<'always' | 'never', Run>> = {};
let cli: Run;
let products: Product[];
let domain: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sitecontent-consumer-'));
  ({ project, packs, tarballs, install } = await installPackedProject(work));

  emulator = await startEmulatorBin(project, { key: canary, sid: SID });
  await writeFile(
    path.join(project, '.env'),
    `SITECONTENT_BASE_URL=${emulator.url}\nSITECONTENT_API_KEY=${canary}\nSITECONTENT_SID=${SID}\n`,
  );
  const client = createClient({ baseUrl: emulator.url, apiKey: canary, sid: SID });
  try {
    [products, domain] = await Promise.all([client.products.list(), client.site.defaultDomain()]);
  } finally {
    await client.close();
  }

  const astro = path.join(project, 'node_modules', '.bin', 'astro');
  build = await run(process.execPath, [astro, 'build'], project);
  check = await run(process.execPath, [astro, 'check'], project);
  // The README's SEO set-up, built once with each trailingSlash: its check fails the build on any fault.
  seoBuilds = await buildSeoSetups(project);
  cli = await npx(['--no', '--', 'sitecontent', 'get', 'products', '--json'], project);
}, 400_000);

afterAll(async () => {
  await stopChild(emulator?.child);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the tarballs', () => {
  const dirOf = (name: string) => `packages/${name.replace('@sitecontent/', '')}`;

  it('hold the built code, bins, README, LICENSE and CHANGELOG (and the client its META.md), and nothing else', () => {
    expect(tarballs.map((t) => t.name).sort()).toEqual([
      '@sitecontent/astro',
      '@sitecontent/client',
      '@sitecontent/emulator',
    ]);
    for (const { name, files } of tarballs) {
      for (const file of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
        expect(files, name).toContain(file);
      }
      expect(files.filter((f) => f.startsWith('dist/')).length, name).toBeGreaterThan(5);
      // The write-back's reference, which both READMEs point to, is readable offline too.
      if (name === '@sitecontent/client') expect(files, name).toContain('META.md');
      const unexpected = files.filter(
        (f) =>
          !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(f) &&
          !(name === '@sitecontent/client' && f === 'META.md') &&
          !/^dist\/.+\.(js|d\.ts)$/.test(f) &&
          !/^bin\/[\w-]+\.js$/.test(f) &&
          !(name === '@sitecontent/emulator' && /^assets\/img\/.+\.(jpe?g|png|webp|svg)$/.test(f)) &&
          // Astro components ship as source, for the project's Astro to compile.
          !(name === '@sitecontent/astro' && /^components\/[\w-]+\.astro$/.test(f)),
      );
      expect(unexpected, name).toEqual([]);
      expect(
        files.some((f) => f.endsWith('.map') || f.includes('tsbuildinfo')),
        name,
      ).toBe(false);
    }
  });

  it('hold no build leftover: every file in dist/ comes from a source file that exists', () => {
    for (const { name, files } of tarballs) {
      const orphans = files
        .filter((f) => f.startsWith('dist/'))
        .map((f) => f.replace(/^dist\//, 'src/').replace(/\.(d\.ts|js)$/, '.ts'))
        .filter((source) => !existsSync(path.join(repoRoot, dirOf(name), source)));
      expect(orphans, name).toEqual([]);
    }
  });

  it('carry the repository, homepage, bugs, license, engines and public access', async () => {
    const repository = rootPackage.repository.url as string;
    const web = repository.replace(/^git\+/, '').replace(/\.git$/, '');
    for (const { name, tarball } of tarballs) {
      const pkg = await packageJsonOf(tarball);
      expect(pkg.repository, name).toEqual({ type: 'git', url: repository, directory: dirOf(name) });
      expect(pkg.homepage, name).toBe(`${web}/tree/main/${dirOf(name)}#readme`);
      expect(pkg.bugs, name).toEqual({ url: `${web}/issues` });
      expect(pkg.license, name).toBe('MIT');
      expect(pkg.publishConfig, name).toMatchObject({ access: 'public', provenance: true });
      expect(pkg.engines?.node, name).toMatch(/22\.\d+/);
      expect(pkg.keywords?.length, name).toBeGreaterThan(2);
    }
  });

  it('link only to absolute URLs or anchors from their README (relative links break on the registry page)', async () => {
    for (const { name, tarball } of tarballs) {
      const readme = await historyFilePath(tarball, 'README.md');
      const links = [...readme.matchAll(/\]\(([^)\s]+)[^)]*\)/g)].map((m) => m[1] ?? '');
      expect(links.length, name).toBeGreaterThan(0);
      expect(
        links.filter((l) => !/^https:\/\//.test(l) && !l.startsWith('#')),
        name,
      ).toEqual([]);
    }
  });
});

describe('a new Astro project with the tarballs', () => {
  it('installs them with Astro from the registry', async () => {
    expect(install.code, install.output.slice(-2000)).toBe(0);
    const installed = readJson(path.join(project, 'node_modules', 'astro', 'package.json'));
    expect(installed.version).toBe(ASTRO_VERSION);
  });

  it('builds with the README collections, the default-import config and a product page per product', async () => {
    expect(build.code, build.output.slice(-3000)).toBe(0);
    // The integration ran (the config imports it as the default export): it set `site` from the service.
    expect(build.output).toContain(`site set to https://${domain}`);
    const visible = products.filter((p) => p.shw);
    expect(visible.length).toBeGreaterThan(3);
    const dist = path.join(project, 'dist');
    const pages = (await listFiles(dist)).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBe(visible.length + 1); // + the home page
    // A product whose title HTML-escaping leaves as it is, so the heading can be matched literally.
    const product = visible.find((p) => !/[&<>"']/.test(p.zag))!;
    const page = pages.find((f) => f.endsWith(`/${product.id}/index.html`));
    expect(page, `a page for product ${product.id}`).toBeDefined();
    const html = await readFile(path.join(dist, page!), 'utf8');
    expect(html).toContain(`<h1>${product.zag}</h1>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https://${domain.replace(/\./g, '\\.')}/`));
    // SeoHead, compiled from the tarball's source, writes the product's JSON-LD.
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(jsonLd, 'a JSON-LD script').not.toBeNull();
    const node = JSON.parse(jsonLd![1]!) as { '@type': string; name: string };
    expect(['Product', 'ProductGroup']).toContain(node['@type']);
    expect(node.name).toBe(product.zag);
    // The guide's page strikes out an old price only where there is one (price_old 0 means none).
    const all = await Promise.all(pages.map((f) => readFile(path.join(dist, f), 'utf8')));
    expect(all.some((text) => /<del>\d/.test(text))).toBe(true);
    expect(all.filter((text) => text.includes('<del>0</del>'))).toEqual([]);
  });

  it.each(['always', 'never'] as const)(
    "with the README's sitemap, robots.txt and seoCheck: 'fail', trailingSlash '%s': canonicals are the sitemap's URLs",
    async (trailingSlash) => {
      const seoBuild = seoBuilds[trailingSlash];
      expect(seoBuild?.code, seoBuild?.output.slice(-3000)).toBe(0);
      expect(seoBuild?.output).toMatch(/seo check: \d+ pages checked, 0 problems/);
      const dist = path.join(project, `dist-${trailingSlash}`);
      const sitemapXml = await readFile(path.join(dist, 'sitemap-0.xml'), 'utf8');
      const locs = [...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const product = products.find((p) => p.shw)!;
      const loc = locs.find((l) => new URL(l!).pathname.replace(/\/$/, '').endsWith(`/${product.id}`));
      expect(loc, `product ${product.id} in the sitemap`).toBeDefined();
      expect(loc!.endsWith('/')).toBe(trailingSlash === 'always');
      const page = path.join(dist, new URL(loc!).pathname, 'index.html');
      expect(await readFile(page, 'utf8')).toContain(`<link rel="canonical" href="${loc}">`);
      expect(sitemapXml).toMatch(/<lastmod>/);
      expect(await readFile(path.join(dist, 'robots.txt'), 'utf8')).toContain(
        `Sitemap: https://${domain}/sitemap-index.xml`,
      );
    },
  );

  it('passes astro check with no error, warning or hint', () => {
    expect(check.code, check.output.slice(-3000)).toBe(0);
    expect(check.output).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
  });

  it('prints no source-map warning in astro build or astro check', () => {
    for (const output of [build.output, check.output]) {
      expect(output).not.toMatch(/sourcemap|source map/i);
      expect(output).not.toContain('points to missing source files');
    }
  });

  it('runs the packed CLI with the connection only in .env (npx sitecontent get products)', () => {
    expect(cli.code, cli.stderr).toBe(0);
    const listed = JSON.parse(cli.stdout) as { id: number }[];
    expect(listed.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      products.map((p) => p.id).sort((a, b) => a - b),
    );
  });

  it('the packed CLIs say their version (npx sitecontent --version, npx sitecontent-emulator --version)', async () => {
    for (const [bin, pkg] of [
      ['sitecontent', 'client'],
      ['sitecontent-emulator', 'emulator'],
    ] as const) {
      const manifest = path.join(project, 'node_modules', '@sitecontent', pkg, 'package.json');
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
      const res = await npx(['--no', '--', bin, '--version'], project);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout.trim()).toBe(version);
    }
  }, 60_000);

  it('leaves the canary key nowhere: dist/, .astro/, node_modules/.astro/ and every log', async () => {
    const dirs = ['dist', '.astro', 'node_modules/.astro'].map((d) => path.join(project, d));
    for (const dir of dirs) expect((await listFiles(dir)).length, dir).toBeGreaterThan(0);
    expect(await findInFiles(dirs, canary)).toEqual([]);
    // The key the build used is the canary: the emulator accepts no other, and the pages were built.
    expect(readFileSync(path.join(project, '.env'), 'utf8')).toContain(`SITECONTENT_API_KEY=${canary}`);
    expect(build.code).toBe(0);
    for (const log of [build.output, check.output, cli.output, install.output, emulator?.log() ?? '']) {
      expect(countOccurrences(log, canary)).toBe(0);
    }
  });
});

describe('a large catalog in the installed package', () => {
  it('sanitizes on a worker thread inside astro sync, from the installed tarball', async () => {
    const large = await startEmulatorBin(project, { key: canary, sid: SID }, [
      '--seed',
      'synthetic',
      '--products',
      '1200',
      '--sections',
      '10',
      '--articles',
      '5',
      '--mods-per-product',
      '0',
    ]);
    try {
      const astro = path.join(project, 'node_modules', '.bin', 'astro');
      // The environment's connection wins over .env's, as in a CI pipeline that sets it.
      const sync = await runProcess(process.execPath, [astro, 'sync'], {
        cwd: project,
        env: { ...childEnv(), SITECONTENT_BASE_URL: large.url },
      });
      expect(sync.code, sync.output.slice(-3000)).toBe(0);
      const [line = '', count] = /products: (\d+) records in .*/.exec(sync.output) ?? [];
      const records = Number(count);
      expect(records, sync.output.slice(-3000)).toBeGreaterThanOrEqual(1000);
      // Every product's body has markup (the synthetic teasers have none): one field per product,
      // but for the first 256 products, which the main thread sanitizes while the thread starts.
      expect(line).toContain(`${records} written`);
      expect(line).toContain(`, ${records - 256} HTML fields sanitized on a worker thread`);
      expect(countOccurrences(sync.output, canary)).toBe(0);
    } finally {
      await stopChild(large.child);
    }
  }, 180_000);
});

// The install page's block installed this project (installPackedProject); the ten-minutes guide's
// runs here after everything else, over the same tarballs.
describe('installing before the first release, as the docs show', () => {
  it.each([INSTALL_PAGE_BLOCK, TEN_MINUTES_BLOCK])(
    "%s: the checkout part is the repository's npm run pack (tools/pack.mjs, which packed the tarballs here)",
    (block) => {
      const { checkout } = documentedInstall(block, packs);
      expect(checkout).toContain('npm run pack');
      expect(checkout.filter((c) => c !== 'npm run pack' && c !== 'npm ci')).toEqual([]);
      expect(rootPackage.scripts.pack).toBe('node tools/pack.mjs');
      // What `npm run pack` writes: packs/sitecontent-{client,astro,emulator}-<version>.tgz.
      expect(tarballs.map((t) => path.relative(work, t.tarball)).sort()).toEqual(
        tarballs.map((t) => `packs/${t.name.replace('@', '').replace('/', '-')}-${t.version}.tgz`).sort(),
      );
    },
  );

  it("the install page's commands recorded the tarballs in package.json, and the packages resolve", async () => {
    const manifest = readJson(path.join(project, 'package.json'));
    const version = (name: string) => tarballs.find((t) => t.name === name)!.version;
    expect(manifest.dependencies['@sitecontent/client']).toBe(
      `file:../packs/sitecontent-client-${version('@sitecontent/client')}.tgz`,
    );
    expect(manifest.dependencies['@sitecontent/astro']).toBe(
      `file:../packs/sitecontent-astro-${version('@sitecontent/astro')}.tgz`,
    );
    expect(manifest.devDependencies['@sitecontent/emulator']).toBe(
      `file:../packs/sitecontent-emulator-${version('@sitecontent/emulator')}.tgz`,
    );
    const resolved = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "for (const p of ['@sitecontent/client', '@sitecontent/astro', '@sitecontent/emulator']) console.log(import.meta.resolve(p))",
      ],
      project,
    );
    expect(resolved.code, resolved.output).toBe(0);
    const urls = resolved.stdout.trim().split('\n');
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toContain(`${project}/node_modules/@sitecontent/`);
    const help = await npx(['--no', '--', 'sitecontent', '--help'], project);
    expect(help.code, help.output).toBe(0);
    expect(help.stdout).toMatch(/^Usage: sitecontent .*\n[\s\S]*get <products/);
  });

  it("the ten-minutes guide's commands, as written, install the tarballs and start the emulator", async () => {
    const { project: commands } = documentedInstall(TEN_MINUTES_BLOCK, packs);
    const serve = commands.at(-1) ?? '';
    // The last command holds the terminal; it listens on 4080, here on a free port.
    expect(serve).toMatch(/^npx sitecontent-emulator serve(\s|$)/);
    const installs = await runCommands(commands.slice(0, -1), project);
    expect(installs.code, installs.output.slice(-3000)).toBe(0);
    const emulator = startCommand(`${serve.replace(/\s+#.*$/, '')} --port 0`, project);
    try {
      const end = Date.now() + 30_000;
      while (!/Listening on http:\/\/127\.0\.0\.1:\d+/.test(emulator.output()) && Date.now() < end) {
        if (emulator.child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(emulator.output()).toMatch(/Listening on http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await stopChild(emulator.child, true);
    }
  }, 320_000);
});
