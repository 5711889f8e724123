/// <reference path="../../src/build-time/seo-check/structured-data-validator.d.ts" />
/**
 * Google's rich-result rules, offline: `@adobe/structured-data-validator` without the schema.org
 * vocabulary (which it would download), fed JSON-LD in the shape its extractor gives.
 */
import Validator from '@adobe/structured-data-validator';
import { productGroupProblems } from '../../src/build-time/seo-check/product-group-rules.js';

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

/**
 * What Google requires of a `ProductGroup`, which the validator has no rules for: the SEO check's
 * own rule (seo-check/product-group-rules.ts), asked rather than copied.
 */
function productGroupErrors(nodes: readonly object[]): string[] {
  return nodes
    .filter((node) => (node as { '@type'?: unknown })['@type'] === 'ProductGroup')
    .flatMap((node) => productGroupProblems(node as Record<string, unknown>));
}

/** The errors among `nodes`' issues, as `message (fields)` lines for a readable assertion. */
export async function richResultErrors(nodes: readonly object[]): Promise<string[]> {
  const issues = (await richResultIssues(nodes))
    .filter((issue) => issue.severity === 'ERROR')
    .map((issue) => `${issue.issueMessage} (${(issue.fieldNames ?? []).join(', ')})`);
  return [...issues, ...productGroupErrors(nodes)];
}
