/**
 * The preview route of an on-demand site (docs/architecture.md, "Preview"),
 * `GET /_sitecontent/preview/<kind>/<id>?preview=<token>`: the link `sitecontent preview-link`
 * prints. A token that opens the record answers a redirect to the record's page as the site's live
 * loader builds its URL (the entry's `data.url`: `productUrl`, the URL style), the token carried
 * along for the page to hand to its live entry; so the CLI needs no URL pattern. Anything else (a
 * wrong, expired or tampered token, a record the service does not have, a kind the site has no live
 * loader for) is the 404 a visitor gets. No answer is kept by any cache or indexed. Web-standard
 * APIs only: it runs on Cloudflare Workers too.
 */
import {
  PREVIEW_KINDS,
  PREVIEW_PARAM,
  type PreviewKind,
  rootRelativePathProblem,
} from '@sitecontent/client/internal';
import type { APIContext } from 'astro';
import type { LiveLoader } from 'astro/loaders';
import {
  ARTICLES_LOADER_NAME,
  liveLoaderName,
  PRODUCTS_LOADER_NAME,
  SECTIONS_LOADER_NAME,
} from '../../loader-names.js';
import type { ServingSettings } from '../../options/serving-settings.js';
import type { LiveEntryFilter } from '../live-loaders/define-live-loader.js';
import { liveErrorResponse } from '../live-loaders/page-answers.js';
import { previewOpens } from '../live-loaders/preview-access.js';
import type { LiveCollections } from '../product-sitemaps/product-pages-source.js';

/** The live loader whose entries a kind's link shows. */
const LIVE_LOADER_OF: Record<PreviewKind, string> = {
  product: liveLoaderName(PRODUCTS_LOADER_NAME),
  article: liveLoaderName(ARTICLES_LOADER_NAME),
  section: liveLoaderName(SECTIONS_LOADER_NAME),
};

/** For this browser only, stored nowhere, never indexed: what the middleware gives any preview answer. */
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };

/** A live loader of this package: its entries take a preview token and have a page `url`. */
type PreviewableLoader = LiveLoader<Record<string, unknown>, LiveEntryFilter>;

type PreviewContext = Pick<APIContext, 'params' | 'url' | 'cache'>;

/** The one 404 of the route, whatever failed: it tells a guesser nothing about tokens or records. */
const notFound = () =>
  new Response('This preview link opens no page: it is wrong or expired, or the record is gone.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...PRIVATE },
  });

/** `response` with the preview's private headers instead of its cache headers. */
function privately(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * The live collection whose entries show `kind`: with several, for products the one the product
 * sitemaps list (`onDemand.sitemap.collection`), else the first in `src/live.config`.
 */
function liveCollectionOf(
  collections: LiveCollections | undefined,
  kind: PreviewKind,
  productsCollection: string | undefined,
): { name: string; loader: PreviewableLoader } | undefined {
  const found = Object.entries(collections ?? {}).flatMap(([name, c]) => {
    const loader = c?.loader as PreviewableLoader | undefined;
    return loader?.name === LIVE_LOADER_OF[kind] && typeof loader.loadEntry === 'function'
      ? [{ name, loader }]
      : [];
  });
  const named = kind === 'product' ? found.find((c) => c.name === productsCollection) : undefined;
  return named ?? found[0];
}

/** The route handler; `collections` are the site's live collections (the same loader objects its pages use). */
export function previewRouteHandler(serving: ServingSettings, collections?: LiveCollections) {
  const { sitemap } = serving.onDemand;
  const productsCollection = sitemap === false ? undefined : sitemap.collection;
  return async (context: PreviewContext): Promise<Response> => {
    context.cache.set(false);
    const kind = PREVIEW_KINDS.find((k) => k === context.params.kind);
    const id = context.params.id;
    const token = context.url.searchParams.get(PREVIEW_PARAM);
    // The token first: a wrong link costs no request to the service.
    if (kind === undefined || !id || !token || !(await previewOpens(token, kind, id))) return notFound();
    const live = liveCollectionOf(collections, kind, productsCollection);
    if (live === undefined) return notFound();
    // The live loader reads the record as the page will (hidden ones too, for this token), and its
    // entry's URL is the page's: no second rule for where a record's page is.
    const answer = await live.loader.loadEntry({ collection: live.name, filter: { id, preview: token } });
    if (answer === undefined) return notFound();
    if ('error' in answer) {
      // An outage or a misconfigured site: its 503 or 500, logged once by the loader; a record the
      // service lacks or no longer has: the route's one 404.
      const failed = liveErrorResponse(context, answer.error);
      return failed.status === 404 || failed.status === 410 ? notFound() : privately(failed);
    }
    const url = (answer.data as { url?: unknown }).url;
    // The loaders keep only root-relative URLs; checked again, as a redirect must never leave the site.
    if (typeof url !== 'string' || rootRelativePathProblem(url) !== undefined) return notFound();
    return new Response(null, {
      status: 307,
      headers: { location: `${url}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`, ...PRIVATE },
    });
  };
}
