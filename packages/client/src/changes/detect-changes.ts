/**
 * The change detector. The service has no events, so it reads the catalog and compares digests with
 * the last state. Its cost per read, documented in the "Keeping the site fresh" guide:
 * `dir/Get` once, `goods/Get?catid=` once per section, `article/Get` once; with `modifications`
 * one `goods/SkuGet` per product, with `meta` one `meta/Get` per product, section and article. A
 * section whose product list comes back byte for byte as last time keeps its digests without
 * typing a record. Any failed read rejects: the caller keeps the old state.
 */

import { mapBounded, streamBounded } from '../bounded-map.js';
import type { SiteContentClient } from '../client.js';
import { indexModuleSections } from '../meta-sync/article-module.js';
import type { Section } from '../schemas/records.js';
import type { Change, ChangeType, RecordKind } from './change.js';
import { type ChangeState, emptyState, type ProductBlock, type SectionMark } from './change-state.js';
import { type DigestTable, DigestTableBuilder } from './digest-table.js';
import {
  articleDigest,
  DEFAULT_SCOPE,
  type DetectScope,
  productDigest,
  type ReadContext,
  sectionDigests,
} from './record-reads.js';

export interface DetectOptions extends Partial<DetectScope> {
  /** Sections (and, with modifications or meta, records) read at once. @default 4 */
  concurrency?: number;
  /** Stops the reads; the detection then rejects. */
  signal?: AbortSignal;
}

export interface Detection {
  /** What changed since `previous`, with the changes `previous` still held as pending. Empty on a first read. */
  changes: Change[];
  /** The state after this read (no pending changes: the caller decides which stay pending). */
  state: ChangeState;
  /** No earlier state, or one read with other options: every record was recorded, none reported. */
  first: boolean;
  /** The sections as read (the check before a purge needs them for article meta). */
  sections: Section[];
  counts: { sections: number; products: number; articles: number };
  /** Operations called. */
  requests: number;
}

/** The options a state was read with, as its `scope` line. */
export function scopeOf(options: DetectOptions = {}): string {
  const scope = { ...DEFAULT_SCOPE };
  for (const key of Object.keys(DEFAULT_SCOPE) as (keyof DetectScope)[]) {
    const value = options[key];
    if (value !== undefined) scope[key] = value;
  }
  return JSON.stringify(scope);
}

/** Reads the catalog and compares it with `previous` (undefined: a first read). */
export async function detectChanges(
  client: ReadContext['client'] | SiteContentClient,
  previous: ChangeState | undefined,
  options: DetectOptions = {},
): Promise<Detection> {
  const scope = scopeOf(options);
  const ctx: ReadContext = {
    client,
    scope: JSON.parse(scope) as DetectScope,
    signal: options.signal,
    calls: { count: 0 },
  };
  const limit = options.concurrency ?? 4;
  const first = previous === undefined || previous.scope !== scope;
  const old = first ? emptyState(scope) : previous;
  const call = ctx.signal ? { signal: ctx.signal } : {};

  ctx.calls.count++;
  const sections = await client.sections.list(undefined, call);
  const sectionMarks = await mapBounded(sections, limit, async (s): Promise<SectionMark> => {
    const { digest, name } = await sectionDigests(ctx, s);
    return { id: s.id, tx: s.tx, par: s.par, shown: s.shw, digest, name };
  });

  // Products, section by section in id order; a section's answer is dropped once its digests are in.
  const oldBlocks = new Map(old.blocks.map((b) => [b.section, b]));
  const canSkip = !ctx.scope.modifications && !ctx.scope.meta;
  const products = new DigestTableBuilder();
  const blocks: ProductBlock[] = [];
  const bySection = [...sections].sort((a, b) => a.id - b.id);
  const answers = streamBounded(
    bySection,
    limit,
    async (section) => {
      ctx.calls.count++;
      const answer = await client.products.read({ catid: section.id }, call);
      const kept = oldBlocks.get(section.id);
      if (canSkip && kept?.body && kept.body === answer.bodyDigest) return { section, answer, kept };
      const records = await answer.records(call);
      const digests = await mapBounded(records, canSkip ? 1 : limit, (p) => productDigest(ctx, p));
      return { section, answer, records: records.map((p, i) => ({ p, digest: digests[i] as string })) };
    },
    undefined,
    ctx.signal,
  );
  for await (const { section, answer, kept, records } of answers) {
    const start = products.length;
    if (kept) products.copy(old.products, kept.start, kept.end);
    for (const { p, digest } of records ?? []) products.push(p.id, section.id, p.shw, digest);
    blocks.push({ section: section.id, body: canSkip ? answer.bodyDigest : '', start, end: products.length });
  }

  const articles = new DigestTableBuilder();
  if (ctx.scope.articles) {
    ctx.calls.count++;
    const list = await client.articles.list(undefined, call);
    const index = indexModuleSections(sections);
    const digests = await mapBounded(list, limit, (a) => articleDigest(ctx, a, index));
    for (const [i, a] of list.entries()) articles.push(a.id, a.catid, a.shw, digests[i] as string);
  }

  const state: ChangeState = {
    scope,
    writtenAt: new Date().toISOString(),
    sections: sectionMarks,
    products: products.build(),
    blocks,
    articles: articles.build(),
    pending: [],
    buildHookPending: old.buildHookPending,
  };
  const changes = first ? [] : withPending(compare(old, state), old.pending, state);
  return {
    changes,
    state,
    first,
    sections,
    counts: { sections: sections.length, products: state.products.length, articles: state.articles.length },
    requests: ctx.calls.count,
  };
}

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
function compare(old: ChangeState, now: ChangeState): Change[] {
  const changes: Change[] = [];
  const oldTx = new Map(old.sections.map((s) => [s.id, s]));
  const newTx = new Map(now.sections.map((s) => [s.id, s]));
  const txOf = (...ids: number[]) => {
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
          sections: txOf(...parents),
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
function withPending(changes: Change[], pending: readonly Change[], now: ChangeState): Change[] {
  const key = (c: Pick<Change, 'kind' | 'id'>) => `${c.kind}:${c.id}`;
  const found = new Map(changes.map((c) => [key(c), c]));
  for (const earlier of pending) {
    const current = found.get(key(earlier));
    if (current) {
      for (const list of ['products', 'sections', 'articles'] as const) {
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
