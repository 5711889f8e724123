/**
 * `sitecontent meta pull | plan | push` (META.md). Exit codes: 0 done or nothing to change, 3
 * (`plan`) changes pending, 1 error, 2 bad usage (also `push` without `--yes` off a terminal).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pc from 'picocolors';
import { isSiteContentError } from '../errors/guards.js';
import { MAX_CONCURRENCY } from '../http/concurrency.js';
import { APPLY_META_DEFAULTS, applyMetaPlan } from '../meta-sync/apply.js';
import {
  type DesiredMetaFormat,
  formatFromPath,
  loadDesiredMetaFile,
  serializeDesiredMeta,
} from '../meta-sync/desired-meta.js';
import { formatApplyReport, formatIssues, formatPlan, plural } from '../meta-sync/format.js';
import { concurrencyProblem } from '../meta-sync/limits.js';
import { describeError } from '../meta-sync/page-failures.js';
import { PLAN_META_DEFAULTS, planMetaChanges } from '../meta-sync/plan.js';
import { PULL_MODULES, pullMeta } from '../meta-sync/pull.js';
import type { MetaPlan } from '../types/meta-sync.js';
import {
  type CliContext,
  type CliIo,
  type Command,
  type Connect,
  ConnectionSettingsError,
  parseArgsUsageError,
  UsageError,
} from './context.js';
import { confirm, progressReporter, useColor, writer } from './terminal.js';
import { purgeWritten } from './write-purge.js';

export const META_USAGE = `Usage: sitecontent [connection flags] meta <command>

Commands:
  pull [--md MODULE]... [--out FILE] [--format json|yaml] [--skip-empty]
        Export the meta of every section (dir), product (goods) and article (blog, news or
        article by its section) as a file that plan and push accept. Default: JSON on stdout.
  plan FILE [--json]
        Show what push would change (old → new per field).
        Exit 0 nothing to change, 3 changes pending, 1 error, 2 bad usage.
  push FILE [--yes] [--concurrency N]
        Show the plan, ask for confirmation (--yes is required when not on a terminal), write
        the changes. Exit 1 if any page failed; running it again completes the rest.

Common flags: --concurrency N (pages read/written at once, 1 to ${MAX_CONCURRENCY}; default ${PLAN_META_DEFAULTS.concurrency} read, ${APPLY_META_DEFAULTS.concurrency} written), -h, --help
FILE is JSON (.json) or YAML (.yaml, .yml): a list of { md, id, ttl?, dsc?, kwd?, og_title?, og_image? }.
`;

type Flags = {
  md?: string[];
  out?: string;
  format?: string;
  'skip-empty'?: boolean;
  json?: boolean;
  yes?: boolean;
  concurrency?: string;
  help?: boolean;
};

/** `help` is listed so that an unknown flag's message names it; the dispatcher answers it (main.ts). */
const META_OPTIONS = {
  md: { type: 'string', multiple: true },
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  'skip-empty': { type: 'boolean' },
  json: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  concurrency: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]): { positionals: string[]; flags: Flags } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: META_OPTIONS,
    });
    return { positionals, flags: values as Flags };
  } catch (error) {
    throw parseArgsUsageError(error, META_OPTIONS);
  }
}

/** `--concurrency`, or `undefined` so each step runs at the library's own default and bounds. */
function concurrencyFlag(flags: Flags): number | undefined {
  if (flags.concurrency === undefined) return undefined;
  const n = Number(flags.concurrency);
  const problem = concurrencyProblem(n);
  if (problem !== undefined) throw new UsageError(`--concurrency ${problem}, got "${flags.concurrency}"`);
  return n;
}

function allow(flags: Flags, command: string, allowed: readonly (keyof Flags)[]): void {
  for (const name of Object.keys(flags) as (keyof Flags)[]) {
    if (flags[name] !== undefined && !allowed.includes(name)) {
      throw new UsageError(`meta ${command} does not take --${name}`);
    }
  }
}

function oneFile(positionals: string[], command: string): string {
  if (positionals.length === 0) throw new UsageError(`meta ${command} needs a FILE (JSON or YAML)`);
  if (positionals.length > 1)
    throw new UsageError(`meta ${command} takes one FILE, got: ${positionals.join(' ')}`);
  return positionals[0] as string;
}

function siteLabel(ctx: CliContext): string {
  return `site ${ctx.client.sid} at ${ctx.client.baseUrl}`;
}

/** Runs `sitecontent meta …`; `argv` are the arguments after `meta`. Returns the exit code. */
export async function runMetaCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  const err = writer(io, io.stderr);
  const [step, ...rest] = argv;
  try {
    if (step === undefined || step === 'help') {
      writer(io, step === undefined ? io.stderr : io.stdout)(META_USAGE);
      return step === undefined ? 2 : 0;
    }
    const { positionals, flags } = parse(rest);
    if (!Object.hasOwn(META_STEPS, step))
      throw new UsageError(`unknown meta command "${step}" (expected pull, plan or push)`);
    return await META_STEPS[step as MetaStep](positionals, flags, io, connect);
  } catch (error) {
    // Missing connection settings are the CLI's, shown with the usage that lists them (main.ts).
    if (error instanceof ConnectionSettingsError) throw error;
    if (error instanceof UsageError) {
      err(`sitecontent meta: ${error.message}\n\n${META_USAGE}`);
      return 2;
    }
    if (isSiteContentError(error, 'invalid_desired_meta')) {
      err(`sitecontent meta: ${error.message}\nNo request was sent.\n`);
      return 1;
    }
    err(`sitecontent meta: ${describeError(error).reason}\n`);
    return 1;
  }
}

async function pullCommand(
  positionals: string[],
  flags: Flags,
  io: CliIo,
  connect: Connect,
): Promise<number> {
  allow(flags, 'pull', ['md', 'out', 'format', 'skip-empty', 'concurrency']);
  if (positionals.length > 0) throw new UsageError(`meta pull takes no FILE argument; use --out FILE`);
  const modules = (flags.md ?? []).flatMap((value) => value.split(',')).map((value) => value.trim());
  for (const md of modules) {
    if (!(PULL_MODULES as readonly string[]).includes(md)) {
      throw new UsageError(`unknown module "${md}" for --md (expected ${PULL_MODULES.join(', ')})`);
    }
  }
  let format: DesiredMetaFormat = 'json';
  if (flags.format !== undefined) {
    if (flags.format !== 'json' && flags.format !== 'yaml') {
      throw new UsageError(`--format must be json or yaml, got "${flags.format}"`);
    }
    format = flags.format;
  }
  if (flags.out !== undefined) {
    const byExtension = formatFromPath(flags.out);
    if (byExtension === undefined) {
      throw new UsageError(`cannot tell the format of "${flags.out}": name it .json, .yaml or .yml`);
    }
    if (flags.format !== undefined && flags.format !== byExtension) {
      throw new UsageError(`--format ${flags.format} does not match the extension of "${flags.out}"`);
    }
    format = byExtension;
  }
  const concurrency = concurrencyFlag(flags);
  const ctx: CliContext = { ...io, client: connect() };
  const err = writer(ctx, ctx.stderr);

  const entries = await pullMeta(ctx.client, {
    concurrency,
    includeEmpty: flags['skip-empty'] !== true,
    ...(modules.length > 0 ? { modules } : {}),
  });
  const text = serializeDesiredMeta(entries, format);
  if (flags.out === undefined) {
    writer(ctx, ctx.stdout)(text);
  } else {
    await writeFile(flags.out, text, 'utf8');
  }
  const withMeta = entries.filter((entry) =>
    [entry.ttl, entry.dsc, entry.kwd, entry.og_title, entry.og_image].some((v) => v !== ''),
  );
  err(
    `Pulled the meta of ${entries.length} ${entries.length === 1 ? 'page' : 'pages'} (${withMeta.length} with values) from ${siteLabel(ctx)}${flags.out === undefined ? '' : ` into ${flags.out}`}\n`,
  );
  return 0;
}

async function loadAndPlan(
  file: string,
  concurrency: number | undefined,
  ctx: CliContext,
): Promise<{ plan: MetaPlan; pages: number }> {
  const err = writer(ctx, ctx.stderr);
  const loaded = await loadDesiredMetaFile(file);
  if (loaded.warnings.length > 0) err(formatIssues(loaded.warnings, 'warning: '));
  const plan = await planMetaChanges(ctx.client, loaded.entries, { concurrency });
  return { plan, pages: loaded.entries.length };
}

async function planCommand(
  positionals: string[],
  flags: Flags,
  io: CliIo,
  connect: Connect,
): Promise<number> {
  allow(flags, 'plan', ['json', 'concurrency']);
  const file = oneFile(positionals, 'plan');
  const concurrency = concurrencyFlag(flags);
  const ctx: CliContext = { ...io, client: connect() };
  const { plan } = await loadAndPlan(file, concurrency, ctx);
  const out = writer(ctx, ctx.stdout);
  if (flags.json === true) {
    out(`${JSON.stringify(plan, null, 2)}\n`);
  } else {
    out(`Meta plan for ${siteLabel(ctx)} from ${file}\n`);
    out(formatPlan(plan, { color: useColor(ctx) }));
  }
  if (plan.errors.length > 0) return 1;
  return plan.entries.length > 0 ? 3 : 0;
}

async function pushCommand(
  positionals: string[],
  flags: Flags,
  io: CliIo,
  connect: Connect,
): Promise<number> {
  allow(flags, 'push', ['yes', 'concurrency']);
  const file = oneFile(positionals, 'push');
  const concurrency = concurrencyFlag(flags);
  const ctx: CliContext = { ...io, client: connect() };
  const out = writer(ctx, ctx.stdout);
  const err = writer(ctx, ctx.stderr);
  const color = useColor(ctx);

  const { plan } = await loadAndPlan(file, concurrency, ctx);
  out(`Meta push to ${siteLabel(ctx)} from ${file}\n`);
  out(formatPlan(plan, { color }));
  if (plan.entries.length === 0) {
    if (plan.errors.length > 0) {
      err(
        `${plan.errors.length} ${plan.errors.length === 1 ? 'page' : 'pages'} could not be read; run again to retry.\n`,
      );
      return 1;
    }
    return 0;
  }

  if (flags.yes !== true) {
    if (!ctx.isTTY) {
      err(
        `sitecontent meta push: refusing to write ${plan.entries.length} ${plan.entries.length === 1 ? 'page' : 'pages'} without --yes: not on a terminal, so no confirmation can be asked. Nothing was written.\n`,
      );
      return 2;
    }
    const ok = await confirm(
      ctx,
      `Write ${plural(plan.counts.fieldChanges, 'field change')} to ${plural(plan.entries.length, 'page')} of ${siteLabel(ctx)}? [y/N] `,
    );
    if (!ok) {
      err('Cancelled; nothing was written.\n');
      return 1;
    }
  }

  const controller = new AbortController();
  const onSigint = (): void => {
    err('\nInterrupted: finishing the writes in flight, sending no more.\n');
    controller.abort(new Error('interrupted'));
  };
  process.once('SIGINT', onSigint);
  const progress = progressReporter(ctx);
  let report: Awaited<ReturnType<typeof applyMetaPlan>>;
  try {
    report = await applyMetaPlan(ctx.client, plan, {
      concurrency,
      signal: controller.signal,
      onProgress: progress.onProgress,
    });
  } finally {
    progress.end();
    process.removeListener('SIGINT', onSigint);
  }

  out(formatApplyReport(report, { color }));
  const cross = color ? pc.red('✗') : '✗';
  for (const e of plan.errors) out(`  ${cross} ${e.md} ${e.id}: cannot read the current meta: ${e.reason}\n`);
  const purged = await purgeWritten(ctx, report.updated, out, err);
  const failures = report.failed.length + plan.errors.length;
  if (failures > 0) {
    err(
      `${failures} ${failures === 1 ? 'page' : 'pages'} not written. Run the same command again to retry them (pages already written are left alone).\n`,
    );
    return 1;
  }
  return purged ? 0 : 1;
}

/** The steps of `sitecontent meta`, by the word that names them. */
const META_STEPS = { pull: pullCommand, plan: planCommand, push: pushCommand } as const;
type MetaStep = keyof typeof META_STEPS;

export const metaCommand: Command = {
  name: 'meta',
  usage: META_USAGE,
  subcommands: Object.keys(META_STEPS),
  run: runMetaCommand,
};
