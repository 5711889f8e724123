/**
 * The change detector. The service has no events, so it reads the catalog and compares digests with
 * the last state. Its cost per read, documented in the "Keeping the site fresh" guide:
 * `dir/Get` once, `goods/Get?catid=` once per section, `article/Get` once; with `modifications`
 * one `goods/SkuGet` per product, with `meta` one `meta/Get` per product, section and article. A
 * section whose product list comes back byte for byte as last time keeps its digests without
 * typing a record. Any failed read rejects: the caller keeps the old state.
 */

import type { SiteContentClient } from '../client.js';
import { mapBounded, streamBounded } from '../http/bounded-map.js';
import { indexModuleSections } from '../meta-sync/article-module.js';
import type { Section } from '../schemas/records.js';
import type { Change } from './change.js';
import { type ChangeState, emptyState, type ProductBlock, type SectionMark } from './change-state.js';
import { compareStates, withPending } from './compare-states.js';
import { DigestTableBuilder } from './digest-table.js';
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
  const changes = first ? [] : withPending(compareStates(old, state), old.pending, state);
  return {
    changes,
    state,
    first,
    sections,
    counts: { sections: sections.length, products: state.products.length, articles: state.articles.length },
    requests: ctx.calls.count,
  };
}
