/**
 * `sitecontent changes --state FILE`: one read of the catalog compared with the state in FILE, for
 * a pipeline that rebuilds only when something changed. Exit 0 nothing changed, 3 something did (a
 * line per change), 1 the service failed (the state untouched), 2 bad usage. The new state is
 * written only after a complete read.
 */
import { parseArgs } from 'node:util';
import { type Change, changeLine } from '../changes/change.js';
import { type ChangeState, ChangeStateError, decodeState, encodeState } from '../changes/change-state.js';
import { type DetectOptions, detectChanges } from '../changes/detect-changes.js';
import { fileStateStore } from '../changes/state-store.js';
import { type CliIo, type Command, type Connect, parseArgsUsageError, UsageError } from './context.js';

/** The exit code of a read that found changes. */
export const CHANGED_EXIT_CODE = 3;

export const CHANGES_USAGE = `Usage: sitecontent changes --state FILE [--json] [--modifications] [--meta] [--no-articles]

Reads the catalog and compares it with the state in FILE (a digest per record), then writes the new
state. Cost of a read: dir/Get once, goods/Get once per section, article/Get once; --modifications adds
goods/SkuGet per product, --meta adds meta/Get per product, section and article.

  --state FILE       the state file (made on the first run, which counts as a change)
  --json             one JSON object on stdout instead of a line per change
  --modifications    also follow each product's modifications (old prices, articles, flags)
  --meta             also follow each page's meta tags
  --no-articles      leave the articles out

Exit codes: 0 nothing changed, 3 something changed, 1 the service failed (the state untouched), 2 bad usage.
`;

/** `help` is listed so that an unknown flag's message names it; the dispatcher answers it (main.ts). */
export const DETECT_OPTIONS = {
  state: { type: 'string' },
  modifications: { type: 'boolean' },
  meta: { type: 'boolean' },
  'no-articles': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const OPTIONS = { ...DETECT_OPTIONS, json: { type: 'boolean' } } as const;

/** The detection options the flags name. */
export function parseDetectOptions(values: {
  modifications?: boolean | undefined;
  meta?: boolean | undefined;
  'no-articles'?: boolean | undefined;
}): DetectOptions {
  return {
    articles: values['no-articles'] !== true,
    modifications: values.modifications === true,
    meta: values.meta === true,
  };
}

/** Reads a state file; a file that is not a state is bad usage (it names the file). */
export async function loadStateFile(path: string, usage: string) {
  const text = await fileStateStore(path).load();
  try {
    return text === undefined ? undefined : decodeState(text);
  } catch (error) {
    if (error instanceof ChangeStateError) throw new UsageError(`--state ${path}: ${error.message}`, usage);
    throw error;
  }
}

export async function runChangesCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false }));
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage: CHANGES_USAGE });
  }
  const path = values.state;
  if (!path) throw new UsageError('missing --state FILE', CHANGES_USAGE);
  const client = connect();
  const previous = await loadStateFile(path, CHANGES_USAGE);
  const started = performance.now();
  const detection = await detectChanges(client, previous, parseDetectOptions(values));
  await fileStateStore(path).save(encodeState(detection.state));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const changed = detection.first || detection.changes.length > 0;
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify({
        changed,
        first: detection.first,
        since: previous?.writtenAt ?? null,
        changes: detection.changes.map(({ digest: _, ...change }) => change),
        counts: detection.counts,
        requests: detection.requests,
      })}\n`,
    );
  } else if (detection.first) {
    const { products, sections, articles } = detection.counts;
    io.stdout.write(
      `first read: recorded ${products} products, ${sections} sections, ${articles} articles (${noBase(previous, path)})\n`,
    );
  } else {
    for (const change of detection.changes) io.stdout.write(`${changeLine(change)}\n`);
  }
  io.stderr.write(
    `sitecontent: ${summary(detection.changes, previous, detection.first)}; ${detection.requests} requests, ${seconds} s; state written to ${path}\n`,
  );
  return changed ? CHANGED_EXIT_CODE : 0;
}

/** Why a first read compared nothing: no state yet, or one read with other options. */
const noBase = (previous: ChangeState | undefined, path: string) =>
  previous === undefined
    ? `no earlier state in ${path}`
    : `the state in ${path}, of ${previous.writtenAt}, was read with other options`;

/** The stderr line's verdict. A first read has no "since": it compared nothing, and the next run compares with it. */
function summary(changes: readonly Change[], previous: ChangeState | undefined, first: boolean): string {
  if (first || previous === undefined)
    return 'first read, nothing to compare with yet: the next run lists what changed from now on';
  const count =
    changes.length === 0 ? 'no changes' : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`;
  return `${count} since ${previous.writtenAt}`;
}

export const changesCommand: Command = {
  name: 'changes',
  usage: CHANGES_USAGE,
  subcommands: [],
  run: runChangesCommand,
};
