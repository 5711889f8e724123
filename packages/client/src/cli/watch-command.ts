/**
 * `sitecontent watch --state FILE --interval SECONDS`: the change detection of `sitecontent
 * changes` in a loop. Each change a second read confirms has its pages purged through the site's
 * purge endpoint (SITECONTENT_SITE_URL, SITECONTENT_PURGE_TOKEN) and, with --build-hook, a static
 * host's build hook is posted once in a cycle that confirmed a change, and with --search-index the
 * catalog's search index is written again. One log line per cycle; stops
 * on SIGINT or SIGTERM, the cycle under way abandoned and its state not written.
 */
import { parseArgs } from 'node:util';
import type { CycleReport } from '../changes/change-cycle.js';
import { shownHook } from '../changes/page-notices.js';
import { fileStateStore } from '../changes/state-store.js';
import { watchChanges } from '../changes/watch-changes.js';
import { PURGE_SITE_URL_ENV, PURGE_TOKEN_ENV } from '../purge/purge-request.js';
import { DETECT_OPTIONS, loadStateFile, parseDetectOptions } from './changes-command.js';
import { type CliIo, type Command, type Connect, parseArgsUsageError, UsageError } from './context.js';
import { searchIndexWriter } from './search-index-command.js';

export const WATCH_USAGE = `Usage: sitecontent watch --state FILE --interval SECONDS [--site URL] [--build-hook URL]
                         [--search-index DIR (--search-options FILE [--search-export NAME] | --currency CODE)]
                         [--modifications] [--meta] [--no-articles]

Reads the catalog every interval (as sitecontent changes does) and, for each change a second read
confirms, purges the pages that show it, posts a build hook and/or rewrites the search index. One
line per cycle; SIGINT or SIGTERM stops it.

  --state FILE        the state file, written after each complete cycle
  --interval SECONDS  from the start of one cycle to the next (decimals allowed)
  --site URL          ${PURGE_SITE_URL_ENV}   the on-demand site whose purge endpoint to call
  --path P            the purge endpoint's path (default /_sitecontent/purge)
  ${PURGE_TOKEN_ENV}             the site's purge token (never printed)
  --build-hook URL    a static host's build hook, posted at most once a cycle (its path never printed)
  --search-index DIR  rewrite the catalog's search index in DIR after the first cycle and each that
                      confirmed a change (as sitecontent search-index; --search-options and
                      --search-export are its --options and --export)
  --modifications, --meta, --no-articles   what to follow, as for sitecontent changes

Exit codes: 0 stopped by a signal, 1 the state could not be read or written, 2 bad usage.
`;

const OPTIONS = {
  ...DETECT_OPTIONS,
  interval: { type: 'string' },
  site: { type: 'string' },
  path: { type: 'string' },
  'build-hook': { type: 'string' },
  'search-index': { type: 'string' },
  'search-options': { type: 'string' },
  'search-export': { type: 'string' },
  currency: { type: 'string' },
} as const;

const isHttpUrl = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);

export async function runWatchCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false }));
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage: WATCH_USAGE });
  }
  const usage = (message: string) => new UsageError(message, WATCH_USAGE);
  const path = values.state;
  if (!path) throw usage('missing --state FILE');
  if (!values.interval) throw usage('missing --interval SECONDS');
  const seconds = Number(values.interval);
  if (!/^\d+(\.\d+)?$/.test(values.interval) || !(seconds > 0)) {
    throw usage(`--interval must be a number of seconds above 0, got "${values.interval}"`);
  }
  const siteUrl = values.site ?? io.env[PURGE_SITE_URL_ENV];
  const token = io.env[PURGE_TOKEN_ENV];
  if (siteUrl !== undefined && !isHttpUrl(siteUrl))
    throw usage(`--site must be an http(s) URL, got "${siteUrl}"`);
  if (siteUrl && !token) throw usage(`missing ${PURGE_TOKEN_ENV} to purge ${new URL(siteUrl).origin}`);
  const hook = values['build-hook'];
  if (hook !== undefined && !isHttpUrl(hook)) throw usage('--build-hook must be an http(s) URL');
  const indexDir = values['search-index'];
  if (!indexDir && (values['search-options'] || values['search-export'] || values.currency))
    throw usage('--search-options, --search-export and --currency go with --search-index DIR');
  const writeIndex =
    indexDir &&
    (await searchIndexWriter(
      {
        out: indexDir,
        options: values['search-options'],
        export: values['search-export'],
        currency: values.currency,
      },
      WATCH_USAGE,
    ));
  if (!siteUrl && !hook && !writeIndex) {
    throw usage(
      `name what to tell of changes: --site (or ${PURGE_SITE_URL_ENV}) to purge, --build-hook URL, or --search-index DIR`,
    );
  }
  let requests = 0;
  const client = connect({ onRequest: () => requests++ });
  await loadStateFile(path, WATCH_USAGE); // a file that is not a state is bad usage, before the first cycle

  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const where = [
    siteUrl && `purging at ${new URL(siteUrl).origin}`,
    hook && `build hook ${shownHook(hook)}`,
    indexDir && `search index in ${indexDir}`,
  ];
  // A rewrite that failed is tried again after the next cycle, changed or not.
  let indexPending = true;
  const afterCycle = async (report: CycleReport) => {
    if (!writeIndex || !(indexPending || report.first || report.done.length > 0)) return undefined;
    try {
      const written = await writeIndex(client);
      indexPending = false;
      return `search index ${written.records} pages in ${written.ms} ms`;
    } catch (error) {
      indexPending = true;
      return `search index failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  const log = (line: string) => io.stdout.write(`${new Date().toISOString()} ${line}\n`);
  log(`watching every ${seconds} s, state in ${path}, ${where.filter(Boolean).join(', ')}`);
  let cycles = 0;
  try {
    await watchChanges({
      client,
      store: fileStateStore(path),
      ...parseDetectOptions(values),
      intervalMs: seconds * 1000,
      signal: stop.signal,
      purge: siteUrl && token ? { siteUrl, token, ...(values.path ? { path: values.path } : {}) } : undefined,
      buildHook: hook,
      afterCycle,
      requestCount: () => requests,
      log: (line) => {
        cycles++;
        log(line);
      },
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  log(`stopped after ${cycles} ${cycles === 1 ? 'cycle' : 'cycles'}`);
  return 0;
}

export const watchCommand: Command = {
  name: 'watch',
  usage: WATCH_USAGE,
  subcommands: [],
  run: runWatchCommand,
};
