/** One problem found in a desired-meta file or list. */
export interface DesiredMetaIssue {
  /** 1-based position of the entry in the list; absent for problems with the whole file. */
  position?: number;
  md?: string;
  id?: number | string;
  /** The field concerned (`md`, `id`, `ttl`, …) when there is one. */
  field?: string;
  message: string;
}

/** `entry 3 (md=goods id=12): ttl: 300 characters, over the limit of 255`. */
export function formatDesiredMetaIssue(issue: DesiredMetaIssue): string {
  const where: string[] = [];
  if (issue.position !== undefined) {
    const target: string[] = [];
    if (issue.md !== undefined && issue.md !== '') target.push(`md=${issue.md}`);
    if (issue.id !== undefined && issue.id !== '') target.push(`id=${issue.id}`);
    where.push(
      target.length > 0 ? `entry ${issue.position} (${target.join(' ')})` : `entry ${issue.position}`,
    );
  }
  if (issue.field !== undefined) where.push(issue.field);
  return where.length > 0 ? `${where.join(': ')}: ${issue.message}` : issue.message;
}

/** Desired meta that cannot be used, thrown before any request; `issues` lists every problem by entry. */
export class DesiredMetaError extends Error {
  override readonly name = 'DesiredMetaError';
  readonly code = 'invalid_desired_meta';
  /** File the entries came from, when they came from a file. */
  readonly file: string | undefined;
  readonly issues: readonly DesiredMetaIssue[];

  constructor(issues: readonly DesiredMetaIssue[], options: { file?: string; cause?: unknown } = {}) {
    const head =
      options.file === undefined ? 'Invalid desired meta' : `Invalid desired meta in ${options.file}`;
    const lines = issues.map((issue) => `  ${formatDesiredMetaIssue(issue)}`);
    super(
      `${head} (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}):\n${lines.join('\n')}`,
      {
        cause: options.cause,
      },
    );
    this.file = options.file;
    this.issues = issues;
  }
}
