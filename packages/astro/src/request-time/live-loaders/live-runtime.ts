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
import { type OnDemandState, servingState } from './on-demand-state.js';
import type { SectionsWanted } from './section-lookup.js';

export interface LiveRuntime {
  /** The request-time state the loader was made with (on-demand-state.ts). */
  state: OnDemandState;
  client(collection: string): SiteContentClient;
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
  /** The loader's own `freshness`, when given. */
  freshness: Freshness | undefined;
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
  return {
    state,
    // Resolved per call, so a dev restart or env change takes effect without rebuilding the loader.
    client: (collection) => state.client(collection, options, 'lookup'),
    origin: (client) => (options.seo ? state.siteOrigin(client, site) : Promise.resolve('')),
    urlStyle: () => state.urlStyle,
    sectionIndex: (client, wanted) => state.sections.index(client, wanted),
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
    freshness: options.freshness,
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
