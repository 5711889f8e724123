/**
 * The JSON-LD rules of the SEO check: every block parses; each `Product`/`ProductGroup` (and an
 * `Organization` with policies) passes Google's rich-result rules (`@adobe/structured-data-validator`,
 * offline, plus product-group-rules.ts) and states its offer facts. Recommendations are not problems.
 */
import Validator from '@adobe/structured-data-validator';
import { offerFactProblems, schemaTypes } from './offer-facts.js';
import { productGroupProblems } from './product-group-rules.js';

type Node = Record<string, unknown>;

const CHECKED_TYPES = ['Product', 'ProductGroup', 'Organization'];

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The top-level nodes of a block: the block itself, an array's items, a `@graph`'s items. */
/**
 * The product nodes (`Product`, `ProductGroup`) of a page's JSON-LD blocks, in order; a block that
 * does not parse is skipped (the check reports it on its own).
 */
export function* productNodes(blocks: readonly string[]): Generator<Node> {
  for (const block of blocks) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch {
      continue;
    }
    for (const node of jsonLdNodes(parsed)) {
      const types = schemaTypes(node);
      if (types.includes('Product') || types.includes('ProductGroup')) yield node;
    }
  }
}

export function jsonLdNodes(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(jsonLdNodes);
  if (!isNode(value)) return [];
  const graph = Array.isArray(value['@graph']) ? value['@graph'].filter(isNode) : [];
  return value['@type'] === undefined ? graph : [value, ...graph];
}

/** The validator with its rule modules imported once: it would `import()` them for every node. */
function createValidator(): Validator {
  const validator = new Validator();
  for (const [type, loaders] of Object.entries(validator.registeredHandlers)) {
    validator.registeredHandlers[type] = loaders.map((load) => {
      let loaded: Promise<unknown> | undefined;
      return () => {
        loaded ??= load();
        return loaded;
      };
    });
  }
  return validator;
}

/** Checks the JSON-LD blocks of pages; one validator serves every page. */
export class JsonLdCheck {
  readonly #validator = createValidator();

  /** Why the blocks fail, one reason each; empty when they pass. */
  async problems(blocks: readonly string[]): Promise<string[]> {
    const problems: string[] = [];
    for (const [i, block] of blocks.entries()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(block);
      } catch (error) {
        problems.push(`JSON-LD block ${i + 1} does not parse: ${(error as Error).message}`);
        continue;
      }
      for (const node of jsonLdNodes(parsed)) problems.push(...(await this.#nodeProblems(node, block)));
    }
    return problems;
  }

  async #nodeProblems(node: Node, block: string): Promise<string[]> {
    const type = schemaTypes(node).find((t) => CHECKED_TYPES.includes(t));
    if (type === undefined) return [];
    const name = typeof node.name === 'string' ? ` "${node.name}"` : '';
    // A copy, as the validator deletes keys of what it is given; with `@source` set it attaches
    // that text to each issue instead of serialising the node again for every warning.
    const item = { ...node, '@source': block };
    const issues = await this.#validator.validate({ jsonld: { [type]: [item] } });
    const errors = issues
      .filter((issue) => issue.severity === 'ERROR')
      .map((issue) => {
        const at = (issue.path ?? []).map((p) => p.property ?? p.type).slice(1);
        return `${type}${name}${at.length > 0 ? ` (${at.join('.')})` : ''}: ${issue.issueMessage}`;
      });
    const own =
      type === 'Organization'
        ? []
        : [...(type === 'ProductGroup' ? productGroupProblems(node) : []), ...offerFactProblems(node)];
    return [...errors, ...own.map((problem) => `${type}${name}: ${problem}`)];
  }
}
