/// <reference path="./structured-data-validator.d.ts" />
/**
 * Google's rich-result rules, offline: `@adobe/structured-data-validator` without the schema.org
 * vocabulary (which it would download), fed JSON-LD in the shape its extractor gives.
 */
import Validator from '@adobe/structured-data-validator';

export interface RichResultIssue {
  issueMessage: string;
  severity: 'ERROR' | 'WARNING';
  fieldNames?: string[];
}

/** The issues Google's rules find in `nodes` (JSON-LD objects, each with its `@type`). */
export async function richResultIssues(nodes: readonly object[]): Promise<RichResultIssue[]> {
  const jsonld: Record<string, object[]> = {};
  for (const node of nodes) {
    const type = String((node as { '@type'?: unknown })['@type']);
    // The validator deletes keys it reads for locations: give it a copy.
    const nodes = jsonld[type] ?? [];
    nodes.push(structuredClone(node));
    jsonld[type] = nodes;
  }
  return (await new Validator().validate({ jsonld })) as RichResultIssue[];
}

/** The errors among `nodes`' issues, as `message (fields)` lines for a readable assertion. */
export async function richResultErrors(nodes: readonly object[]): Promise<string[]> {
  return (await richResultIssues(nodes))
    .filter((issue) => issue.severity === 'ERROR')
    .map((issue) => `${issue.issueMessage} (${(issue.fieldNames ?? []).join(', ')})`);
}
