/**
 * Two states compared record by record: products and articles by id (their digests as numbers),
 * sections by id; each change with the pages that show it, as the purge endpoint names them. And
 * the changes a state still held as pending, joined to a new read's.
 */
import { PAGE_KINDS } from '../schemas/page-kinds.js';
import type { Change, ChangeType, RecordKind } from './change.js';
import type { ChangeState, SectionMark } from './change-state.js';
import type { DigestTable } from './digest-table.js';

/** A record's place as far as its change type goes. */
interface Mark {
  shown: boolean;
  parent: number;
}

/**
 * Whether-and-how a record changed (`same`: its digest did not); `undefined` when no page shows a
 * difference.
 */
function changeType(
  before: Mark | undefined,
  after: Mark | undefined,
  same: boolean,
): ChangeType | undefined {
  if (!before) return after?.shown ? 'created' : undefined;
  if (!after) return before.shown ? 'deleted' : undefined;
  // A record hidden before and after is on no page: its edits change nothing anyone sees.
  if (!before.shown && !after.shown) return undefined;
  if (before.shown !== after.shown) return after.shown ? 'shown' : 'hidden';
  if (before.parent !== after.parent) return 'moved';
  return same ? undefined : 'changed';
}

const at = (table: DigestTable, i: number): Mark | undefined =>
  i < 0 ? undefined : { shown: table.shown(i), parent: table.parent(i) };

/** Compares two states record by record: products and articles by id, sections by id. */
export function compareStates(old: ChangeState, now: ChangeState): Change[] {
  const changes: Change[] = [];
  const oldTx = new Map(old.sections.map((s) => [s.id, s]));
  const newTx = new Map(now.sections.map((s) => [s.id, s]));
  const relationTx = (...ids: number[]) => {
    const txs = new Set<string>();
    for (const id of ids) {
      const tx = newTx.get(id)?.tx ?? oldTx.get(id)?.tx;
      if (tx !== undefined) txs.add(tx);
    }
    return [...txs];
  };

  const records = (kind: 'product' | 'article', before: DigestTable, after: DigestTable) => {
    const seen = new Uint8Array(before.length);
    const add = (id: number, type: ChangeType | undefined, parents: number[], digest?: string) => {
      if (type === undefined) return;
      const self = [String(id)];
      changes.push({
        kind,
        id,
        type,
        pages: {
          products: kind === 'product' ? self : [],
          articles: kind === 'article' ? self : [],
          sections: relationTx(...parents),
        },
        ...(digest === undefined ? {} : { digest }),
      });
    };
    for (let i = 0; i < after.length; i++) {
      const id = after.id(i);
      const j = before.find(id);
      if (j >= 0) seen[j] = 1;
      const was = at(before, j);
      const is = at(after, i) as Mark;
      const type = changeType(was, is, j >= 0 && after.sameDigest(i, before, j));
      // The digest as text only for a change: a million records compare as numbers.
      if (type) add(id, type, was ? [is.parent, was.parent] : [is.parent], after.digest(i));
    }
    for (let j = 0; j < before.length; j++) {
      if (seen[j] === 0) add(before.id(j), changeType(at(before, j), undefined, false), [before.parent(j)]);
    }
  };
  records('product', old.products, now.products);
  records('article', old.articles, now.articles);

  for (const section of now.sections) {
    const was = oldTx.get(section.id);
    const type = changeType(
      was && { shown: was.shown, parent: parentId(old, was) },
      { shown: section.shown, parent: parentId(now, section) },
      was?.digest === section.digest,
    );
    if (type) changes.push(sectionChange(old, now, type, was, section));
  }
  for (const was of old.sections) {
    if (!newTx.has(was.id) && was.shown) changes.push(sectionChange(old, now, 'deleted', was, undefined));
  }
  return changes;
}

const parentId = (state: ChangeState, s: SectionMark) =>
  s.par === '' ? 0 : (state.sections.find((p) => p.tx === s.par)?.id ?? -1);

/**
 * A section's pages: its own, and when what other pages show of it changed (title, address,
 * parent, flag), its parents' listings and the pages of the products and articles in it.
 */
function sectionChange(
  old: ChangeState,
  now: ChangeState,
  type: ChangeType,
  was: SectionMark | undefined,
  is: SectionMark | undefined,
): Change {
  const id = (is ?? was)!.id;
  const sections = new Set<string>([is?.tx, was?.tx].filter((tx): tx is string => tx !== undefined));
  const products = new Set<string>();
  const articles = new Set<string>();
  if (was?.name !== is?.name) {
    for (const par of [is?.par, was?.par]) if (par) sections.add(par);
    for (const state of [old, now]) {
      for (const block of state.blocks) {
        if (block.section !== id) continue;
        for (let i = block.start; i < block.end; i++) products.add(String(state.products.id(i)));
      }
      for (let i = 0; i < state.articles.length; i++) {
        if (state.articles.parent(i) === id) articles.add(String(state.articles.id(i)));
      }
    }
  }
  return {
    kind: 'section',
    id,
    type,
    pages: { products: [...products], sections: [...sections], articles: [...articles] },
    ...(is ? { digest: is.digest } : {}),
  };
}

/** Changes still pending from the last state join this read's, each with its record's digest now. */
export function withPending(changes: Change[], pending: readonly Change[], now: ChangeState): Change[] {
  const key = (c: Pick<Change, 'kind' | 'id'>) => `${c.kind}:${c.id}`;
  const found = new Map(changes.map((c) => [key(c), c]));
  for (const earlier of pending) {
    const current = found.get(key(earlier));
    if (current) {
      for (const list of PAGE_KINDS) {
        current.pages[list] = [...new Set([...current.pages[list], ...earlier.pages[list]])];
      }
      continue;
    }
    const digest = digestNow(now, earlier.kind, earlier.id);
    const { digest: _, ...rest } = earlier;
    const change: Change = {
      ...rest,
      ...(digest === undefined ? { type: 'deleted' as const } : { digest }),
    };
    changes.push(change);
    found.set(key(change), change);
  }
  return changes;
}

function digestNow(state: ChangeState, kind: RecordKind, id: number): string | undefined {
  if (kind === 'section') return state.sections.find((s) => s.id === id)?.digest;
  const table = kind === 'product' ? state.products : state.articles;
  const i = table.find(id);
  return i < 0 ? undefined : table.digest(i);
}
