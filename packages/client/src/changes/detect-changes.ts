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
  type CatalogClient,
  CatalogReads,
  DEFAULT_SCOPE,
  type DetectScope,
  productDigest,
  sectionDigests,
} from './record-reads.js';

export interface DetectOptions extends Partial<DetectScope> {
  /** Sections (and, with modifications or meta, records) read at once. @default DEFAULT_DETECT_CONCURRENCY (4) */
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

/** Sections (and, with modifications or meta, records) read at once when the options do not say. */
export const DEFAULT_DETECT_CONCURRENCY = 4;

/** What a detection with `options` reads: the default scope with the options' choices. */
export function detectScope(options: DetectOptions = {}): DetectScope {
  const scope = { ...DEFAULT_SCOPE };
  for (const key of Object.keys(DEFAULT_SCOPE) as (keyof DetectScope)[]) {
    const value = options[key];
    if (value !== undefined) scope[key] = value;
  }
  return scope;
}

/** A scope as a state's `scope` line: a state read with another scope is no base to compare with. */
export const scopeLine = (scope: DetectScope): string => JSON.stringify(scope);

/** Reads the catalog and compares it with `previous` (undefined: a first read). */
export async function detectChanges(
  client: CatalogClient | SiteContentClient,
  previous: ChangeState | undefined,
  options: DetectOptions = {},
): Promise<Detection> {
  const scope = detectScope(options);
  const line = scopeLine(scope);
  const reads = new CatalogReads(client, scope, options.signal);
  const limit = options.concurrency ?? DEFAULT_DETECT_CONCURRENCY;
  const first = previous === undefined || previous.scope !== line;
  const old = first ? emptyState(line) : previous;

  const sections = await reads.ask((service, call) => service.sections.list(undefined, call));
  const sectionMarks = await mapBounded(sections, limit, (section) => sectionMark(reads, section));
  const { products, blocks } = await digestProducts(reads, sections, old, limit);
  const articles = scope.articles
    ? await digestArticles(reads, sections, limit)
    : new DigestTableBuilder().build();

  const state: ChangeState = {
    scope: line,
    writtenAt: new Date().toISOString(),
    sections: sectionMarks,
    products,
    blocks,
    articles,
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
    requests: reads.operations,
  };
}

async function sectionMark(reads: CatalogReads, section: Section): Promise<SectionMark> {
  const { digest, name } = await sectionDigests(reads, section);
  return { id: section.id, tx: section.tx, par: section.par, shown: section.shw, digest, name };
}

/**
 * The products' digests, section by section in id order, each section's a block of the table. A
 * section whose list comes back byte for byte as last time keeps its block without typing a record
 * (unless modifications or meta are read: they can change while the list does not); a section's
 * answer is dropped once its digests are in.
 */
async function digestProducts(
  reads: CatalogReads,
  sections: readonly Section[],
  old: ChangeState,
  limit: number,
): Promise<Pick<ChangeState, 'products' | 'blocks'>> {
  const oldBlocks = new Map(old.blocks.map((b) => [b.section, b]));
  const canSkip = !reads.scope.modifications && !reads.scope.meta;
  const table = new DigestTableBuilder();
  const blocks: ProductBlock[] = [];
  const inIdOrder = [...sections].sort((a, b) => a.id - b.id);
  const answers = streamBounded(
    inIdOrder,
    limit,
    async (section) => {
      const answer = await reads.ask((service, call) => service.products.read({ catid: section.id }, call));
      const kept = oldBlocks.get(section.id);
      if (canSkip && kept?.body && kept.body === answer.bodyDigest) return { section, answer, kept };
      const records = await answer.records(reads.call);
      const digests = await mapBounded(records, canSkip ? 1 : limit, (p) => productDigest(reads, p));
      return { section, answer, records: records.map((p, i) => ({ p, digest: digests[i] as string })) };
    },
    undefined,
    reads.call.signal,
  );
  for await (const { section, answer, kept, records } of answers) {
    const start = table.length;
    if (kept) table.copy(old.products, kept.start, kept.end);
    for (const { p, digest } of records ?? []) table.push(p.id, section.id, p.shw, digest);
    blocks.push({ section: section.id, body: canSkip ? answer.bodyDigest : '', start, end: table.length });
  }
  return { products: table.build(), blocks };
}

/** The articles' digests, their meta modules by the loaders' rule. */
async function digestArticles(
  reads: CatalogReads,
  sections: readonly Section[],
  limit: number,
): Promise<ChangeState['articles']> {
  const list = await reads.ask((service, call) => service.articles.list(undefined, call));
  const index = indexModuleSections(sections);
  const digests = await mapBounded(list, limit, (article) => articleDigest(reads, article, index));
  const table = new DigestTableBuilder();
  for (const [i, article] of list.entries())
    table.push(article.id, article.catid, article.shw, digests[i] as string);
  return table.build();
}
