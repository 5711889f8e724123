/** Build-time write-back (META.md): validate, plan, log, and apply only when asked. Knows nothing of Astro. */

import {
  DesiredMetaError,
  type DesiredMetaIssue,
  formatDesiredMetaIssue,
} from '../errors/desired-meta-error.js';
import { MetaWriteBackError } from '../errors/meta-write-back-error.js';
import type { MetaApplyProgress, MetaApplyReport, MetaPlan, MetaSyncClient } from '../types/meta-sync.js';
import { applyMetaPlan } from './apply.js';
import { validateDesiredMeta } from './desired-meta.js';
import { formatApplyReport, formatPlan } from './format.js';
import { describeError, failsEveryPage } from './page-failures.js';
import { planMetaChanges } from './plan.js';

/** The logger shape the write-back writes to (Astro's `AstroIntegrationLogger` fits). */
export interface MetaWriteBackLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Options of {@link runMetaWriteBack}. */
export interface MetaWriteBackOptions {
  client: MetaSyncClient;
  /** Desired entries `{ md, id, ttl?, dsc?, kwd?, og_title?, og_image? }`; validated before any request. */
  desired: unknown;
  /** Apply the plan. When false only the plan is logged (a dry run). */
  write: boolean;
  logger: MetaWriteBackLogger;
  /** Pages read and written at the same time (on top of the client's bound). @default 8 */
  concurrency?: number;
  signal?: AbortSignal;
  /** Throw a {@link MetaWriteBackError} when a page could not be read or written (after logging each). @default true */
  failOnError?: boolean;
  /** Hint logged on a dry run with pending changes. @default 'pass write: true to apply them' */
  dryRunHint?: string;
  /** Called after each page is written (or found unchanged, or failed). */
  onProgress?: (event: MetaApplyProgress) => void;
}

export const META_WRITE_BACK_DEFAULTS = {
  concurrency: 8,
  failOnError: true,
  dryRunHint: 'pass write: true to apply them',
} as const satisfies Partial<MetaWriteBackOptions>;

export interface MetaWriteBackResult {
  plan: MetaPlan;
  /** Present when the plan was applied. */
  report?: MetaApplyReport;
  warnings: DesiredMetaIssue[];
  /** True when `write` was set and there was something to write. */
  applied: boolean;
}

function logLines(log: (message: string) => void, text: string): void {
  for (const line of text.trimEnd().split('\n')) log(line);
}

/** Validates `desired` before any request, plans, logs, and applies when `write`. */
export async function runMetaWriteBack(options: MetaWriteBackOptions): Promise<MetaWriteBackResult> {
  const { client, logger, signal } = options;
  const concurrency = options.concurrency ?? META_WRITE_BACK_DEFAULTS.concurrency;
  const failOnError = options.failOnError ?? META_WRITE_BACK_DEFAULTS.failOnError;

  const validation = validateDesiredMeta(options.desired);
  for (const warning of validation.warnings) logger.warn(`meta: ${formatDesiredMetaIssue(warning)}`);
  if (validation.errors.length > 0) throw new DesiredMetaError(validation.errors);

  logger.info(
    `meta: planning ${validation.entries.length} ${validation.entries.length === 1 ? 'page' : 'pages'}`,
  );
  let plan: MetaPlan;
  try {
    plan = await planMetaChanges(
      client,
      validation.entries,
      signal === undefined ? { concurrency } : { concurrency, signal },
    );
  } catch (error) {
    if (!failsEveryPage(error)) throw error;
    // The key refused or the service unreachable: one line for all pages, and nothing planned.
    const { reason } = describeError(error);
    logger.error(`meta: cannot read the current meta of any page: ${reason}`);
    const unread = emptyPlan(client);
    if (failOnError) {
      throw new MetaWriteBackError(
        `meta write-back: nothing was read or written: ${reason}`,
        unread,
        undefined,
        {
          cause: error,
        },
      );
    }
    return { plan: unread, warnings: validation.warnings, applied: false };
  }
  logLines(logger.info.bind(logger), formatPlan(plan));
  for (const error of plan.errors) logger.error(`meta: cannot read ${error.md} ${error.id}: ${error.reason}`);

  const result: MetaWriteBackResult = { plan, warnings: validation.warnings, applied: false };
  if (plan.entries.length > 0 && !options.write) {
    logger.info(
      `meta: dry run, nothing written; ${options.dryRunHint ?? META_WRITE_BACK_DEFAULTS.dryRunHint}`,
    );
  }
  if (plan.entries.length > 0 && options.write) {
    const report = await applyMetaPlan(client, plan, {
      concurrency,
      ...(signal === undefined ? {} : { signal }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    });
    result.report = report;
    result.applied = true;
    const text = formatApplyReport(report);
    logLines(
      report.failed.length > 0 ? logger.error.bind(logger) : logger.info.bind(logger),
      `meta: ${text}`,
    );
  }

  const failures = plan.errors.length + (result.report?.failed.length ?? 0);
  if (failures > 0 && failOnError) {
    throw new MetaWriteBackError(
      `meta write-back: ${failures} ${failures === 1 ? 'page' : 'pages'} could not be read or written; run the build again to retry them`,
      plan,
      result.report,
    );
  }
  return result;
}

/** The plan of a write-back that could read no page: nothing to change, nothing known. */
function emptyPlan(client: MetaSyncClient): MetaPlan {
  const plan: MetaPlan = {
    version: 1,
    createdAt: new Date().toISOString(),
    entries: [],
    errors: [],
    counts: { targets: 0, changed: 0, unchanged: 0, fieldChanges: 0, errors: 0 },
  };
  if (typeof client.sid === 'number') plan.sid = client.sid;
  return plan;
}
