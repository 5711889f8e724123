/**
 * `sitecontent search-index --out DIR`: the catalog's search index (Pagefind's files) for a site
 * whose product pages render on demand, read section by section and written to DIR, which the host
 * serves as static files. The index is made by `@sitecontent/astro/search`, the code a static build
 * runs, loaded on first use: the client itself knows nothing of Astro, and a project that runs
 * this command has the Astro package installed beside it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SiteContentClient } from '../client.js';
import { type CliIo, type Command, type Connect, parseArgsUsageError, UsageError } from './context.js';

export const SEARCH_INDEX_USAGE = `Usage: sitecontent [connection flags] search-index --out DIR (--options FILE [--export NAME] | --currency CODE)
                                [--site URL] [--split]

Reads the catalog section by section (sections, each section's products and their modifications,
articles) and writes its Pagefind search index to DIR: the files a static build writes to
dist/pagefind/, for an on-demand site to serve at /pagefind/. Needs @sitecontent/astro installed.

  --out DIR        the folder to write (replaced)
  --options FILE   a module whose export is the integration's \`search\` option (currency, bands,
                   variantProperties, …); .js, .mjs or .ts
  --export NAME    the export of FILE to read (default: the default export)
  --currency CODE  without --options: the ISO 4217 code of every price
  --site URL       the site's origin: photos on it are linked root-relative
  --split          one bundle per top-level section and one for the rest, named in
                   DIR/bundles.json (the option split: 'top-section'): for catalogs too large
                   for one index in memory; each top section is written before the next is read

Exit codes: 0 written, 1 the service or the indexer failed, 2 bad usage.
`;

const OPTIONS = {
  out: { type: 'string' },
  options: { type: 'string' },
  export: { type: 'string' },
  currency: { type: 'string' },
  site: { type: 'string' },
  split: { type: 'boolean' },
} as const;

/** The part of `@sitecontent/astro/search` this command calls. */
interface AstroSearch {
  resolveSearchOptions(options: unknown, factory?: string): unknown;
  catalogSearchIndex(options: {
    client: SiteContentClient;
    search: unknown;
    outDir: string;
    site?: string | undefined;
    progress?: (section: string, records: number) => void;
  }): Promise<{ records: number; ms: number; outputPath: string; bundles?: readonly unknown[] }>;
}

// A name, not a literal: the client's build does not resolve the Astro package, which depends on it.
const ASTRO_SEARCH = '@sitecontent/astro/search';

async function loadAstroSearch(): Promise<AstroSearch> {
  try {
    return (await import(ASTRO_SEARCH)) as AstroSearch;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND')
      throw new Error(`search-index needs ${ASTRO_SEARCH}: npm install @sitecontent/astro`, { cause: error });
    throw error;
  }
}

async function readOptionsFile(file: string, name: string): Promise<unknown> {
  const module = (await import(pathToFileURL(path.resolve(file)).href)) as Record<string, unknown>;
  if (!(name in module)) {
    const names = Object.keys(module).join(', ') || 'none';
    throw new UsageError(`${file} has no export "${name}" (its exports: ${names})`, SEARCH_INDEX_USAGE);
  }
  return module[name];
}

/** The index settings a command was given: where, and the `search` option (a module's export or a currency). */
export interface SearchIndexFlags {
  out: string;
  options?: string | undefined;
  export?: string | undefined;
  currency?: string | undefined;
  site?: string | undefined;
  /** One bundle per top section, whatever the options say. */
  split?: boolean | undefined;
}

/** What writing the index did. */
export interface SearchIndexWritten {
  records: number;
  ms: number;
  sections: number;
  /** Bundles of a split index. */
  bundles?: number | undefined;
}

/** Checks `flags` (bad ones are a `UsageError` with `usage`) and returns what writes the index. */
export async function searchIndexWriter(
  flags: SearchIndexFlags,
  usageText: string,
): Promise<(client: SiteContentClient) => Promise<SearchIndexWritten>> {
  const usage = (message: string) => new UsageError(message, usageText);
  if (!flags.options && !flags.currency) throw usage('name the prices: --options FILE or --currency CODE');
  if (flags.options && flags.currency) throw usage('--currency goes in the --options file, not beside it');
  if (
    flags.site !== undefined &&
    !(URL.canParse(flags.site) && /^https?:$/.test(new URL(flags.site).protocol))
  )
    throw usage(`--site must be an http(s) URL, got "${flags.site}"`);
  const read = flags.options
    ? await readOptionsFile(flags.options, flags.export ?? 'default')
    : { currency: flags.currency };
  const given = flags.split && read && typeof read === 'object' ? { ...read, split: 'top-section' } : read;
  const astro = await loadAstroSearch();
  let search: unknown;
  try {
    search = astro.resolveSearchOptions(given, 'search-index');
  } catch (error) {
    throw usage(error instanceof Error ? error.message : String(error));
  }
  const outDir = path.resolve(flags.out);
  const site = flags.site && new URL(flags.site).origin;
  return async (client) => {
    let sections = 0;
    const summary = await astro.catalogSearchIndex({
      client,
      search,
      outDir,
      site,
      progress: () => sections++,
    });
    return { records: summary.records, ms: summary.ms, sections, bundles: summary.bundles?.length };
  };
}

export async function runSearchIndexCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false }));
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage: SEARCH_INDEX_USAGE });
  }
  if (!values.out) throw new UsageError('missing --out DIR', SEARCH_INDEX_USAGE);
  const write = await searchIndexWriter({ ...values, out: values.out }, SEARCH_INDEX_USAGE);
  const summary = await write(connect());
  io.stdout.write(
    `search index: ${summary.records} pages from ${summary.sections} sections in ${summary.ms} ms → ${values.out}${summary.bundles === undefined ? '' : ` (${summary.bundles} bundles)`}\n`,
  );
  return 0;
}

export const searchIndexCommand: Command = {
  name: 'search-index',
  usage: SEARCH_INDEX_USAGE,
  subcommands: [],
  run: runSearchIndexCommand,
};
