/** Human-readable plans and reports, for the CLI and the write-back; colour is the caller's choice. */
import pc from 'picocolors';
import { type DesiredMetaIssue, formatDesiredMetaIssue } from '../errors/desired-meta-error.js';
import { quotedText } from '../text/shown-text.js';
import type { MetaApplyReport, MetaPlan } from '../types/meta-sync.js';

export interface FormatOptions {
  /** ANSI colours. @default false */
  color?: boolean;
}

const FIELD_WIDTH = 'og_title'.length + 1;

/** `1 page`, `2 pages`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One-line counts of a plan: `2 pages to update (3 field changes), 10 unchanged`. */
export function formatPlanSummary(plan: MetaPlan): string {
  const { counts } = plan;
  const parts = [
    `${plural(counts.changed, 'page')} to update (${plural(counts.fieldChanges, 'field change')})`,
    `${counts.unchanged} unchanged`,
  ];
  if (counts.errors > 0) parts.push(`${counts.errors} unreadable`);
  return parts.join(', ');
}

/** Pages in reading order: by module, then by number (`goods 2` before `goods 10`). */
function byPage(a: { md: string; id: number }, b: { md: string; id: number }): number {
  return a.md < b.md ? -1 : a.md > b.md ? 1 : a.id - b.id;
}

/**
 * The plan as a diff, one block per page, old → new per field, then the counts:
 *
 * ```
 * ~ goods 12
 *     ttl       "Old title" → "New title"
 * 1 page to update (1 field change), 4 unchanged
 * ```
 */
export function formatPlan(plan: MetaPlan, options: FormatOptions = {}): string {
  const c = pc.createColors(options.color === true);
  const lines: string[] = [];
  for (const entry of [...plan.entries].sort(byPage)) {
    const mark = entry.created ? c.green('+') : c.yellow('~');
    lines.push(
      `${mark} ${c.bold(`${entry.md} ${entry.id}`)}${entry.created ? c.dim('  (no meta yet)') : ''}`,
    );
    for (const change of entry.changes) {
      const name = change.field.padEnd(FIELD_WIDTH);
      lines.push(
        `    ${c.cyan(name)} ${c.red(quotedText(change.from))} ${c.dim('→')} ${c.green(quotedText(change.to))}`,
      );
    }
  }
  for (const error of [...plan.errors].sort(byPage)) {
    lines.push(
      `${c.red('!')} ${c.bold(`${error.md} ${error.id}`)}: cannot read the current meta: ${error.reason}`,
    );
  }
  if (plan.entries.length === 0 && plan.errors.length === 0) lines.push('Nothing to change.');
  lines.push(c.bold(formatPlanSummary(plan)));
  return `${lines.join('\n')}\n`;
}

/** The outcome of an apply: counts, then one line per failure. */
export function formatApplyReport(report: MetaApplyReport, options: FormatOptions = {}): string {
  const c = pc.createColors(options.color === true);
  const { counts } = report;
  const summary = `${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed`;
  const lines = [counts.failed > 0 ? c.red(summary) : c.green(summary)];
  for (const failure of report.failed) {
    lines.push(`  ${c.red('✗')} ${failure.md} ${failure.id}: ${failure.reason}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Validation problems or warnings, one per line. */
export function formatIssues(issues: readonly DesiredMetaIssue[], prefix = ''): string {
  return issues.map((issue) => `${prefix}${formatDesiredMetaIssue(issue)}\n`).join('');
}
