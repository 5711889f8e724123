/**
 * The product sitemaps of an on-demand site (docs/architecture.md, "Product sitemaps"): an index at
 * `onDemand.sitemap.index` and files beside it, `<index name>-<section id>-<n>.xml`, made from the
 * service at request time. A file is one section's product pages (or its n-th part, past 50,000
 * URLs or 50 MB), so it is read with one `goods/Get?catid=` and one `dir/Get?id=`: any server can
 * answer any file with nothing kept between requests. The index reads every section, counting (the
 * interface has no counts), a few sections at a time so memory holds no more than those answers.
 * Both are kept by the route cache (and a CDN) for `maxAge` and purged with any product or section.
 * Web-standard APIs only: it runs wherever the site does, Cloudflare Workers included.
 */
import { mapBounded, type Section, type SiteContentClient } from '@sitecontent/client';
import type { APIContext } from 'astro';
import { DEFAULT_URL_STYLE } from '../entries/page-url.js';
import { CACHE_TAG, kindTag, SITEMAPS_TAG } from '../live/cache-tags.js';
import { liveClient, liveState } from '../live/on-demand-state.js';
import { liveErrorResponse } from '../live/page-answers.js';
import { requestFailure } from '../live/request-failure.js';
import type { ProductSitemapSettings } from '../options/on-demand-options.js';
import { liveProject } from '../project/open-projects.js';
import { parseFileParam, sitemapFilePath } from '../sitemap/product-sitemap-paths.js';
import { type EntryPlace, sectionEntries, sectionFiles } from '../sitemap/section-entries.js';
import { type SitemapFile, sitemapIndex, URLSET_CLOSE, URLSET_OPEN } from '../sitemap/sitemap-xml.js';

/** Sections the index reads at once: each answer is held until its entries are counted. */
const INDEX_READS_AT_ONCE = 8;
/** Entries encoded per chunk of a streamed file. */
const ENTRIES_PER_CHUNK = 1000;

type SitemapContext = Pick<APIContext, 'cache' | 'site' | 'params'>;

/** Where the sitemaps' URLs point: the canonical origin of the live loaders, the photos' origin. */
async function placeOf(client: SiteContentClient, context: SitemapContext, settings: ProductSitemapSettings) {
  const project = liveProject();
  const fixed = liveState().productPages.site ?? project.siteOrigin ?? context.site?.href;
  const origin = fixed ? new URL(fixed).origin : `https://${await client.site.defaultDomain()}`;
  const imageOrigin = settings.imageOrigin ?? (await client.site.origin());
  return { origin, imageOrigin, urlStyle: project.urlStyle ?? DEFAULT_URL_STYLE } satisfies EntryPlace;
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
function failed(context: SitemapContext, error: unknown): Response {
  const cause = error instanceof Error ? error : new Error(String(error));
  liveState().log.report(requestFailure(cause));
  return liveErrorResponse(context, cause);
}

const client = () => liveClient('sitemap', liveState().productPages.options);

/** The index: every section's files, in the order of `dir/Get`. */
export function productSitemapIndexHandler(settings: ProductSitemapSettings) {
  return async (context: SitemapContext): Promise<Response> => {
    try {
      const service = client();
      const source = liveState().productPages;
      const [place, sections] = await Promise.all([
        placeOf(service, context, settings),
        service.sections.list(),
      ]);
      const perSection = await mapBounded(sections, INDEX_READS_AT_ONCE, async (section, _i, signal) => {
        const found = await sectionEntries(service, source, place, section, signal);
        return sectionFiles(found, settings.maxUrls).map(
          ({ lastmod }, i): SitemapFile => ({
            loc: new URL(sitemapFilePath(settings.index, section.id, i + 1), place.origin).href,
            lastmod,
          }),
        );
      });
      const files = perSection.flat();
      keep(context, settings, newestOf(files));
      return new Response(sitemapIndex(files), { headers: XML_HEADERS });
    } catch (error) {
      return failed(context, error);
    }
  };
}

/** A file: the n-th part of one section's product pages, streamed as it is encoded. */
export function productSitemapFileHandler(settings: ProductSitemapSettings) {
  return async (context: SitemapContext): Promise<Response> => {
    const file = parseFileParam(context.params.file);
    const notFound = () => liveErrorResponse(context, undefined);
    if (file === undefined) return notFound();
    try {
      const service = client();
      const [place, section] = await Promise.all([
        placeOf(service, context, settings),
        service.sections.list({ id: file.sectionId }).then((found): Section | undefined => found[0]),
      ]);
      if (section === undefined) return notFound();
      const found = await sectionEntries(service, liveState().productPages, place, section);
      const part = sectionFiles(found, settings.maxUrls)[file.n - 1];
      if (part === undefined) return notFound();
      keep(context, settings, part.lastmod);
      return new Response(urlsetStream(found.entries.slice(part.start, part.end)), { headers: XML_HEADERS });
    } catch (error) {
      return failed(context, error);
    }
  };
}

/** `entries` in a `<urlset>`, encoded a chunk at a time as the response is read. */
function urlsetStream(entries: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start: (controller) => controller.enqueue(encoder.encode(URLSET_OPEN)),
    pull: (controller) => {
      if (next >= entries.length) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      const chunk = entries.slice(next, next + ENTRIES_PER_CHUNK).join('');
      next += ENTRIES_PER_CHUNK;
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

function newestOf(files: readonly SitemapFile[]): Date | undefined {
  let newest: Date | undefined;
  for (const { lastmod } of files) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}
