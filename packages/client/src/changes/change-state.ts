/**
 * The detector's state: a digest per record, not the records, and how it is written as text. The
 * text is line-based (a header, a line per section, a block of product lines per section, a line
 * per article, the changes still to purge) and ends with an `end` line, so a cut-off file is
 * refused instead of read as a smaller catalog.
 */
import type { Change } from './change.js';
import { DigestTable, DigestTableBuilder } from './digest-table.js';

/** A section as the state keeps it: what its purges need (`tx`, parent) and its digest. */
export interface SectionMark {
  id: number;
  tx: string;
  par: string;
  shown: boolean;
  digest: string;
  /** The digest of what other pages show of it (title, address, parent, flag). */
  name: string;
}

/** The products of one section in the products table, and the digest of the answer they came in. */
export interface ProductBlock {
  section: number;
  /** The digest of `goods/Get?catid=…`'s body; empty when the digests cover more than that body. */
  body: string;
  start: number;
  end: number;
}

export interface ChangeState {
  /** The detection options the state was read with: another scope is a first read. */
  scope: string;
  /** When the read that made this state ended (ISO 8601). */
  writtenAt: string;
  sections: SectionMark[];
  /** Products grouped by section (`blocks`), each with its section as parent. */
  products: DigestTable;
  blocks: ProductBlock[];
  articles: DigestTable;
  /** Changes found but not yet purged (their new state not yet confirmed, or the purge failed). */
  pending: Change[];
  /** A build hook is owed (the last one failed). */
  buildHookPending: boolean;
}

const MAGIC = 'sitecontent-changes-state 1';

/** The state cannot be read: not a state, cut off, or written by another version. */
export class ChangeStateError extends Error {
  override readonly name = 'ChangeStateError';
  readonly code = 'change_state_invalid';
}

/** The state as text (what a `ChangeStateStore` saves). */
export function encodeState(state: ChangeState): string {
  const lines: string[] = [
    MAGIC,
    `scope\t${state.scope}`,
    `written\t${state.writtenAt}`,
    `hook\t${state.buildHookPending ? 1 : 0}`,
  ];
  for (const s of state.sections) {
    lines.push(`S\t${s.id}\t${s.shown ? 1 : 0}\t${s.digest}\t${s.name}\t${JSON.stringify([s.tx, s.par])}`);
  }
  const { products } = state;
  for (const block of state.blocks) {
    // A block's lines joined at once: a million line strings never live together.
    const part = [`B\t${block.section}\t${block.body || '-'}\t${block.end - block.start}`];
    for (let i = block.start; i < block.end; i++) {
      part.push(`${products.id(i)}\t${products.shown(i) ? 1 : 0}\t${products.digest(i)}`);
    }
    lines.push(part.join('\n'));
  }
  const { articles } = state;
  for (let i = 0; i < articles.length; i++) {
    lines.push(
      `A\t${articles.id(i)}\t${articles.parent(i)}\t${articles.shown(i) ? 1 : 0}\t${articles.digest(i)}`,
    );
  }
  for (const change of state.pending) lines.push(`X\t${JSON.stringify(change)}`);
  lines.push(`end\t${state.sections.length + products.length + articles.length}`, '');
  return lines.join('\n');
}

const DIGEST = /^[0-9a-f]{16}$/;

/** Reads a state written by {@link encodeState}; a `ChangeStateError` names the first bad line. */
export function decodeState(text: string): ChangeState {
  const lines = text.split('\n');
  let n = 0;
  const fail = (why: string): never => {
    throw new ChangeStateError(`not a sitecontent changes state: line ${n + 1}: ${why}`);
  };
  const next = () => lines[n] ?? fail('the text ends before its "end" line (cut off?)');
  const fields = (tag: string, count: number) => {
    const parts = next().split('\t');
    if (parts[0] !== tag || parts.length !== count) fail(`expected a "${tag}" line of ${count} fields`);
    n++;
    return parts;
  };
  const num = (text: string | undefined) => {
    const value = Number(text);
    return Number.isSafeInteger(value) && value >= 0 ? value : fail(`"${text}" is not a record id`);
  };
  const digest = (text: string | undefined) =>
    DIGEST.test(text ?? '') ? (text as string) : fail('bad digest');
  if (lines[0] !== MAGIC) fail(`expected "${MAGIC}"`);
  n = 1;
  const scope = fields('scope', 2)[1] as string;
  const writtenAt = fields('written', 2)[1] as string;
  const buildHookPending = fields('hook', 2)[1] === '1';
  const sections: SectionMark[] = [];
  while (next().startsWith('S\t')) {
    const [, id, shown, d, name, names] = fields('S', 6);
    let tx: unknown;
    let par: unknown;
    try {
      [tx, par] = JSON.parse(names ?? '');
    } catch {
      fail('bad section names');
    }
    if (typeof tx !== 'string' || typeof par !== 'string') fail('bad section names');
    sections.push({
      id: num(id),
      tx: tx as string,
      par: par as string,
      shown: shown === '1',
      digest: digest(d),
      name: digest(name),
    });
  }
  const products = new DigestTableBuilder();
  const blocks: ProductBlock[] = [];
  while (next().startsWith('B\t')) {
    const [, section, body, count] = fields('B', 4);
    const start = products.length;
    const parent = num(section);
    for (let k = num(count); k > 0; k--) {
      // A million of these: read in place, no field strings made.
      if (!readProductLine(next(), parent, products)) fail('expected a product line: id, 0 or 1, digest');
      n++;
    }
    blocks.push({ section: parent, body: body === '-' ? '' : (body ?? ''), start, end: products.length });
  }
  const articles = new DigestTableBuilder();
  while (next().startsWith('A\t')) {
    const [, id, catid, shown, d] = fields('A', 5);
    articles.push(num(id), num(catid), shown === '1', digest(d));
  }
  const pending: Change[] = [];
  while (next().startsWith('X\t')) {
    try {
      pending.push(JSON.parse(next().slice(2)) as Change);
    } catch {
      fail('bad pending change');
    }
    n++;
  }
  const [, total] = fields('end', 2);
  if (num(total) !== sections.length + products.length + articles.length)
    fail('the record count does not match');
  return {
    scope,
    writtenAt,
    sections,
    products: products.build(),
    blocks,
    articles: articles.build(),
    pending,
    buildHookPending,
  };
}

/** The value of hex digit `c` (a char code), or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Reads `<id>\t<0|1>\t<16 hex digits>` into `into`; false when the line is not one. */
function readProductLine(line: string, parent: number, into: DigestTableBuilder): boolean {
  let i = 0;
  let id = 0;
  for (; i < line.length && line.charCodeAt(i) !== 9; i++) {
    const digit = line.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    id = id * 10 + digit;
  }
  if (i === 0 || i > 16 || line.length !== i + 19 || line.charCodeAt(i + 2) !== 9) return false;
  const flag = line.charCodeAt(i + 1);
  if (flag !== 48 && flag !== 49) return false;
  let high = 0;
  let low = 0;
  for (let k = 0; k < 16; k++) {
    const value = hexValue(line.charCodeAt(i + 3 + k));
    if (value < 0) return false;
    if (k < 8) high = high * 16 + value;
    else low = low * 16 + value;
  }
  into.pushRaw(id, parent, flag === 49, high, low);
  return true;
}

/** A state with no records, for a detector's first read. */
export function emptyState(scope: string): ChangeState {
  return {
    scope,
    writtenAt: new Date(0).toISOString(),
    sections: [],
    products: DigestTable.empty,
    blocks: [],
    articles: DigestTable.empty,
    pending: [],
    buildHookPending: false,
  };
}
