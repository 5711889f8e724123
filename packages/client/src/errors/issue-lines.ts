/**
 * Zod issues as our errors show them, one wording for options, bodies and records: `path: message`,
 * unknown keys named by key, never by value (options hold the API key).
 */
import type { z } from 'zod';

export interface IssueWording {
  /** What an empty path names: `(options)`, `(record)`; without it, such an issue is its message alone. */
  whole?: string;
  /** The line for unknown keys. @default `unknown key(s) a, b` */
  unknownKeys?: (keys: readonly string[]) => string;
}

/** One line per issue (see the module's comment). */
export function issueLines(issues: readonly z.core.$ZodIssue[], wording: IssueWording): string[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.') || wording.whole;
    const what =
      issue.code !== 'unrecognized_keys'
        ? issue.message
        : (wording.unknownKeys?.(issue.keys) ?? `unknown key(s) ${issue.keys.join(', ')}`);
    return path ? `${path}: ${what}` : what;
  });
}

/** Options: an unknown key is an unknown option. */
export const OPTION_ISSUES: IssueWording = {
  whole: '(options)',
  unknownKeys: (keys) => `unknown option(s) ${keys.join(', ')}`,
};
