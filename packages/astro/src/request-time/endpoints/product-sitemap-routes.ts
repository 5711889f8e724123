/**
 * The product sitemaps of an on-demand site (docs/architecture.md, "Product sitemaps"): a file is one
 * section's product pages (or a part of them), read with one `goods/Get?catid=` and one `dir/Get?id=`,
 * so any server answers any file with nothing kept. The index reads every section, a few at a time.
 * Web-standard APIs only: it runs on Cloudflare Workers too.
 */
import type { Section, SiteContentClient } from '@sitecontent/client';
import { streamBounded } from '@sitecontent/client/internal';
import type { APIContext } from 'astro';
import type { ProductSitemapSettings } from '../../options/on-demand-options.js';
import { parseFileParam, sitemapFilePath } from '../../options/sitemap-file-paths.js';
import { CACHE_TAG, kindTag, SITEMAPS_TAG } from '../live-loaders/cache-tags.js';
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

/** Sections the index reads at once: each answer is held until its entries are counted. */
const INDEX_READS_AT_ONCE = 8;
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
function sitemapRoute(settings: ProductSitemapSettings, collections: LiveCollections | undefined) {
  const route: SitemapRoute = {
    state: servingState(),
    source: productPagesIn(collections, settings.collection),
    settings,
  };
  const client = () => route.state.client('sitemap', route.source.options, 'patient');
  return { ...route, client };
}

/** Where the sitemaps' URLs point: the canonical origin of the live loaders, the photos' origin. */
async function placeOf(route: SitemapRoute, client: SiteContentClient, context: SitemapContext) {
  route.state.noteSite(context.site);
  const origin = await route.state.siteOrigin(client, route.source.site);
  const imageOrigin = route.settings.imageOrigin ?? (await client.site.origin());
  return { origin, imageOrigin, urlStyle: route.state.urlStyle } satisfies EntryPlace;
}

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' };

/** Cache for `maxAge`, by the tags a purge of any product or section names. */
function keep(context: SitemapContext, settings: ProductSitemapSettings, lastModified?: Date) {
  context.cache.set({
    maxAge: settings.maxAge,
    swr: settings.swr,
    tags: [CACHE_TAG, kindTag('products'), kindTag('sections'), SITEMAPS_TAG],
    ...(lastModified ? { lastModified } : {}),
  });
}

/** A failure, logged once per cause, answered as a page's (503 with `Retry-After` in an outage). */
function failed(state: OnDemandState, context: SitemapContext, error: unknown): Response {
  const cause = error instanceof Error ? error : new Error(String(error));
  state.log.report(requestFailure(cause));
  return liveErrorResponse(context, cause);
}

/** The index, streamed; a section failing after the first bytes ends it with an error, so no cache keeps it partial. */
export function productSitemapIndexHandler(settings: ProductSitemapSettings, collections?: LiveCollections) {
  const route = sitemapRoute(settings, collections);
  const { state, source } = route;
  return async (context: SitemapContext): Promise<Response> => {
    let place: EntryPlace;
    let sections: Section[];
    const service = route.client();
    try {
      [place, sections] = await Promise.all([placeOf(route, service, context), service.sections.list()]);
    } catch (error) {
      return failed(state, context, error);
    }
    const perSection = streamBounded(sections, INDEX_READS_AT_ONCE, async (section, _i, signal) => {
      const found = await sectionEntries(service, source, place, section, signal);
      return sectionFiles(found, settings.maxUrls).map(({ lastmod }, i) =>
        indexEntry({
          loc: new URL(sitemapFilePath(settings.index, section.id, i + 1), place.origin).href,
          lastmod,
        }),
      );
    });
    keep(context, settings);
    const included = settings.include.map((path) => indexEntry({ loc: new URL(path, place.origin).href }));
    return new Response(
      textStream([INDEX_OPEN, ...included], perSection, INDEX_CLOSE, (error) => {
        state.log.report(requestFailure(error instanceof Error ? error : new Error(String(error))));
      }),
      { headers: XML_HEADERS },
    );
  };
}

/** A file: the n-th part of one section's product pages, streamed as it is encoded. */
export function productSitemapFileHandler(settings: ProductSitemapSettings, collections?: LiveCollections) {
  const route = sitemapRoute(settings, collections);
  const { state, source } = route;
  return async (context: SitemapContext): Promise<Response> => {
    const file = parseFileParam(context.params.file);
    const notFound = () => liveErrorResponse(context, undefined);
    if (file === undefined) return notFound();
    try {
      const service = route.client();
      const [place, section] = await Promise.all([
        placeOf(route, service, context),
        service.sections.list({ id: file.sectionId }).then((found): Section | undefined => found[0]),
      ]);
      if (section === undefined) return notFound();
      const found = await sectionEntries(service, source, place, section);
      const part = sectionFiles(found, settings.maxUrls)[file.n - 1];
      if (part === undefined) return notFound();
      keep(context, settings, part.lastmod);
      const entries = found.entries.slice(part.start, part.end);
      const chunks = (async function* () {
        for (let i = 0; i < entries.length; i += ENTRIES_PER_CHUNK)
          yield entries.slice(i, i + ENTRIES_PER_CHUNK);
      })();
      return new Response(textStream([URLSET_OPEN], chunks, URLSET_CLOSE), { headers: XML_HEADERS });
    } catch (error) {
      return failed(state, context, error);
    }
  };
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
