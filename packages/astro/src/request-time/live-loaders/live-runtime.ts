/** What a live loader needs per call: the shared client, the site origin, sections and `meta/Get`. */
import type { Meta, SiteContentClient } from '@sitecontent/client';
import { mapBounded } from '@sitecontent/client/internal';
import type { z } from 'zod';
import type { RecordPage } from '../../entries/page-kinds.js';
import type { UrlStyle } from '../../entries/page-url.js';
import { cleanerFor } from '../../entries/sanitize.js';
import type { SectionIndex } from '../../entries/section-index.js';
import type { ConnectionOptions } from '../../options/loader-shapes.js';
import type { Freshness } from '../../options/on-demand-options.js';
import { parseOptions } from '../../options/parse-options.js';
import { entryTags } from './cache-tags.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { EntryGuard } from './entry-guard.js';
import { servingState } from './on-demand-state.js';
import { previewOpens } from './preview-access.js';
import type { RequestFailure } from './request-failure.js';
import type { SectionsWanted } from './section-lookup.js';

export interface LiveRuntime {
  client(collection: string): SiteContentClient;
  /** The guard of lookups in force (entry-guard.ts): missing ids, shared and bounded lookups. */
  guard(): EntryGuard;
  /** The circuit breaker of `client`'s connection. */
  breakerFor(client: SiteContentClient): CircuitBreaker;
  /** Whether the site once had the page of `kind` `id` (its URL history): a gone one answers 410. */
  hadPage(kind: string, id: string): boolean;
  /** Whether an editor's `token` opens the page of `kind` `id` (preview-access.ts). */
  previewOpens: typeof previewOpens;
  /** Writes a failure to the server's log, once per cause. */
  report(failure: RequestFailure): void;
  /** Notes that the loader's pages are of `kind`, kept for its own `freshness` where it has one. */
  noteKind(kind: string): void;
  /** Origin for canonical URLs; `''` without `seo` (nothing asked). */
  origin(client: SiteContentClient): Promise<string>;
  /** How page URLs end, from the project's Astro config (its defaults before the integration ran). */
  urlStyle(): UrlStyle;
  /** The `wanted` sections from those shared across requests; invalid section records are left out. */
  sectionIndex(client: SiteContentClient, wanted: SectionsWanted): Promise<SectionIndex>;
  /** `get()` with its `meta/Get` sent alongside, so a miss costs one round trip; `get()` alone without one. */
  withMeta<R extends object>(
    client: SiteContentClient,
    module: string | undefined,
    id: number,
    get: () => Promise<R | undefined>,
  ): Promise<R | undefined>;
  /** The entries of `pages` (HTML cleaned, `seo` on `origin`), with the cache tags and change time. */
  entries<R extends object>(
    client: SiteContentClient,
    pages: readonly RecordPage<R>[],
    page: { kind: string; origin: string },
  ): Promise<LiveEntry[]>;
}

/** A live loader's entry, with what a route cache keeps it by. */
export interface LiveEntry {
  id: string;
  data: Record<string, unknown>;
  rendered: { html: string };
  cacheHint: { tags: string[]; lastModified?: Date };
}

/** What the runtime reads of a live loader's options. */
export type LiveRuntimeOptions = ConnectionOptions & {
  seo?: boolean | undefined;
  sanitize: boolean;
  freshness?: Freshness | undefined;
};

export function liveRuntime(options: LiveRuntimeOptions, site: string | undefined): LiveRuntime {
  const state = servingState();
  /** Meta asked alongside a record's lookup, by the record `get()` returned (shared by concurrent views). */
  const asked = new WeakMap<object, Promise<Meta | undefined>>();
  const { freshness, place, log } = state;
  return {
    // Resolved per call, so a dev restart, an env change or the server's settings take effect
    // without rebuilding the loader.
    client: (collection) => state.lookups.client(collection, options, 'lookup'),
    guard: () => state.lookups.guard,
    breakerFor: (client) => state.lookups.breakerFor(client),
    hadPage: (kind, id) => state.lookups.hadPage(kind, id),
    previewOpens,
    report: (failure) => log.report(failure),
    noteKind: (kind) => {
      if (options.freshness) freshness.note(kind, options.freshness);
    },
    origin: (client) => (options.seo ? place.origin(client, site) : Promise.resolve('')),
    urlStyle: () => place.urlStyle,
    sectionIndex: (client, wanted) => state.lookups.sections.index(client, wanted),
    withMeta: async (client, module, id, get) => {
      if (!options.seo || module === undefined) return get();
      // Stopped when there is no record to show: in an outage it would go on retrying after the
      // page has answered, load on a service that is already failing.
      const sibling = new AbortController();
      const meta = client.meta.get(module, id, { signal: sibling.signal });
      // Read below once the record is found; a failure with no record to show is nobody's.
      meta.catch(() => {});
      try {
        const record = await get();
        if (record === undefined) sibling.abort();
        else asked.set(record, meta);
        return record;
      } catch (error) {
        sibling.abort();
        throw error;
      }
    },
    entries: async (client, pages, { kind, origin }) => {
      const metas = options.seo
        ? await mapBounded(
            pages,
            client.stats().maxConcurrency,
            (page, _i, signal) =>
              asked.get(page.record) ?? client.meta.get(page.metaModule(), page.recordId, { signal }),
          )
        : [];
      const cleanHtml = cleanerFor(options.sanitize);
      return pages.map((page, i) => ({
        id: page.entryId,
        ...page.entry({ cleanHtml, seo: options.seo ? { meta: metas[i], origin } : undefined }),
        cacheHint: {
          tags: entryTags(kind, page.entryId),
          ...(page.lastModified ? { lastModified: page.lastModified } : {}),
        },
      }));
    },
  };
}

/** A live loader's options checked and completed with their defaults, its `site` taken apart, and its runtime. */
export function liveSetup<S extends z.ZodType<LiveRuntimeOptions & { site?: string | undefined }>>(
  factory: string,
  schema: S,
  options: unknown,
): { opts: Omit<z.output<S>, 'site'>; rt: LiveRuntime; site: string | undefined } {
  const { site, ...opts } = parseOptions(factory, schema, options) as z.output<S>;
  return { opts, rt: liveRuntime(opts, site), site };
}
