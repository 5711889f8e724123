/**
 * The product sitemaps of an on-demand site (docs/architecture.md, "Product sitemaps"): a file is one
 * section's product pages (or a part of them), read with one `goods/Get?catid=` and one `dir/Get?id=`,
 * so any server answers any file. The index reads the sections alone (`dir/Get`) and lists each
 * section's files as this process learned them making the files, or its first file for a section
 * never made: it reads no products. Web-standard APIs only: it runs on Cloudflare Workers too.
 */
import type { Section, SiteContentClient } from '@sitecontent/client';
import type { APIContext } from 'astro';
import { SiteContentOptionsError } from '../../errors/options-error.js';
import type { ProductSitemapSettings } from '../../options/on-demand-options.js';
import type { ServingSettings } from '../../options/serving-settings.js';
import { parseFileParam, sitemapFilePath } from '../../options/sitemap-file-paths.js';
import { CACHE_TAG, kindTag, SITEMAP_INDEX_TAG, SITEMAPS_TAG } from '../live-loaders/cache-tags.js';
import { type OnDemandState, servingState } from '../live-loaders/on-demand-state.js';
import { liveErrorResponse } from '../live-loaders/page-answers.js';
import { requestFailure } from '../live-loaders/request-failure.js';
import {
  type LiveCollections,
  type ProductPagesSource,
  productPagesIn,
} from '../product-sitemaps/product-pages-source.js';
import { type EntryPlace, sectionEntries, sectionFiles } from '../product-sitemaps/section-entries.js';
import {
  INDEX_CLOSE,
  INDEX_OPEN,
  indexEntry,
  URLSET_CLOSE,
  URLSET_OPEN,
} from '../product-sitemaps/sitemap-xml.js';

/** Entries encoded per chunk of a streamed file. */
const ENTRIES_PER_CHUNK = 1000;

type SitemapContext = Pick<APIContext, 'cache' | 'site' | 'params'>;

/** What both routes hold: the request-time state, the product pages' source and its client. */
interface SitemapRoute {
  state: OnDemandState;
  source: ProductPagesSource;
  settings: ProductSitemapSettings;
}

/** Taken once when the route is made. The client's patient budget: a crawler waits longer than a visitor. */
function sitemapRoute(serving: ServingSettings, collections: LiveCollections | undefined) {
  const settings = serving.onDemand.sitemap;
  if (settings === false)
    throw new SiteContentOptionsError('siteContent', [
      'onDemand.sitemap: false, yet a product sitemap route was made',
    ]);
  const route: SitemapRoute = {
    state: servingState(),
    source: productPagesIn(collections, settings.collection),
    settings,
  };
  const client = () => route.state.lookups.client('sitemap', route.source.options, 'patient');
  return { ...route, client };
}

/** Where the sitemaps' URLs point: the canonical origin of the live loaders, the photos' origin. */
async function entryPlace(route: SitemapRoute, client: SiteContentClient, context: SitemapContext) {
  const { place } = route.state;
  place.noteSite(context.site);
  const origin = await place.origin(client, route.source.site);
  const imageOrigin = route.settings.imageOrigin ?? (await client.site.origin());
  return { origin, imageOrigin, urlStyle: place.urlStyle } satisfies EntryPlace;
}

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' };

/** Cache for `maxAge`, by the tags a purge of any product or section names (and `extraTags`). */
function cacheSitemap(
  context: SitemapContext,
  settings: ProductSitemapSettings,
  lastModified?: Date,
  extraTags: readonly string[] = [],
) {
  context.cache.set({
    maxAge: settings.maxAge,
    swr: settings.swr,
    tags: [CACHE_TAG, kindTag('products'), kindTag('sections'), SITEMAPS_TAG, ...extraTags],
    ...(lastModified ? { lastModified } : {}),
  });
}

/** A failure, logged once per cause, answered as a page's (503 with `Retry-After` in an outage). */
function failureAnswer(state: OnDemandState, context: SitemapContext, error: unknown): Response {
  const cause = error instanceof Error ? error : new Error(String(error));
  state.log.report(requestFailure(cause));
  return liveErrorResponse(context, cause);
}

/** How long a file made may still be served by a cache: its remembered `<lastmod>` is good that long. */
const cachedForMs = (settings: ProductSitemapSettings) => (settings.maxAge + settings.swr) * 1000;

/**
 * The index, from `dir/Get` alone: each section's files as this process learned them (a section
 * found empty lists none), else its first file; `<lastmod>` only where a file made lately gave it.
 */
export function productSitemapIndexHandler(serving: ServingSettings, collections?: LiveCollections) {
  const route = sitemapRoute(serving, collections);
  const { state, settings } = route;
  return async (context: SitemapContext): Promise<Response> => {
    let place: EntryPlace;
    let sections: Section[];
    const service = route.client();
    try {
      [place, sections] = await Promise.all([entryPlace(route, service, context), service.sections.list()]);
    } catch (error) {
      return failureAnswer(state, context, error);
    }
    const now = Date.now();
    const entries = settings.include.map((path) => indexEntry({ loc: new URL(path, place.origin).href }));
    for (const section of sections) {
      for (const file of state.sitemapFiles.files(settings.index, section.id, cachedForMs(settings), now)) {
        const loc = new URL(sitemapFilePath(settings.index, section.id, file.n), place.origin).href;
        entries.push(indexEntry({ loc, lastmod: file.lastmod }));
      }
    }
    cacheSitemap(context, settings, undefined, [SITEMAP_INDEX_TAG]);
    return new Response(`${INDEX_OPEN}${entries.join('')}${INDEX_CLOSE}`, { headers: XML_HEADERS });
  };
}

/**
 * A file: the n-th part of one section's product pages, streamed as it is encoded. A part past the
 * section's last is an empty `<urlset>` (an index made before may list it). Making a file teaches
 * the process the section's files; when they are more than an index listed, the index is purged.
 */
export function productSitemapFileHandler(serving: ServingSettings, collections?: LiveCollections) {
  const route = sitemapRoute(serving, collections);
  const { state, source, settings } = route;
  return async (context: SitemapContext): Promise<Response> => {
    const file = parseFileParam(context.params.file);
    const notFound = () => liveErrorResponse(context, undefined);
    if (file === undefined) return notFound();
    try {
      const service = route.client();
      const [place, section] = await Promise.all([
        entryPlace(route, service, context),
        service.sections.list({ id: file.sectionId }).then((found): Section | undefined => found[0]),
      ]);
      if (section === undefined) return notFound();
      const found = await sectionEntries(service, source, place, section);
      const parts = sectionFiles(found, settings.maxUrls);
      if (
        state.sitemapFiles.learn(
          settings.index,
          section.id,
          parts.map((p) => p.lastmod),
        )
      )
        await purgeIndex(state, context);
      const part = parts[file.n - 1];
      cacheSitemap(context, settings, part?.lastmod);
      const entries = part ? found.entries.slice(part.start, part.end) : [];
      const chunks = (async function* () {
        for (let i = 0; i < entries.length; i += ENTRIES_PER_CHUNK)
          yield entries.slice(i, i + ENTRIES_PER_CHUNK);
      })();
      return new Response(textStream([URLSET_OPEN], chunks, URLSET_CLOSE), { headers: XML_HEADERS });
    } catch (error) {
      return failureAnswer(state, context, error);
    }
  };
}

/** Purges the cached index, which lists too few of a section's files; a failure is logged, the file still served. */
async function purgeIndex(state: OnDemandState, context: SitemapContext): Promise<void> {
  try {
    await context.cache.invalidate({ tags: [SITEMAP_INDEX_TAG] });
    state.log.info(`purged ${SITEMAP_INDEX_TAG}: a section fills more sitemap files than it listed`);
  } catch (error) {
    state.log.info(`purge of ${SITEMAP_INDEX_TAG} failed: ${(error as Error).message}`);
  }
}

/** `head`, the texts of `parts` in order, and `tail`, encoded as read; a failing part ends the stream. */
function textStream(
  head: readonly string[],
  parts: AsyncIterable<readonly string[]>,
  tail: string,
  failed?: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = parts[Symbol.asyncIterator]();
  return new ReadableStream({
    start: (controller) => controller.enqueue(encoder.encode(head.join(''))),
    pull: async (controller) => {
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(encoder.encode(tail));
          controller.close();
        } else controller.enqueue(encoder.encode(next.value.join('')));
      } catch (error) {
        failed?.(error);
        controller.error(error);
      }
    },
    cancel: async () => {
      await iterator.return?.();
    },
  });
}
