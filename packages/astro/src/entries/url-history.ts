/**
 * The URLs each page had (docs/architecture.md, "URL history"): kept by the collection loaders in
 * their store, handed to an on-demand server with its build and, optionally, to a file a user
 * commits. What it answers: where an old URL points now (one hop, however many moves), and which
 * pages a site once had (a record the service no longer has is gone, not unknown).
 */
import { z } from 'zod';

/** One page's URLs (paths), oldest first: the last is its current one, unless its record is gone. */
export interface PageUrls {
  urls: string[];
  /** Its record left the collection (deleted, or hidden where the loader leaves hidden ones out). */
  gone?: true;
}

/** Pages by `<kind>:<entry id>`, `kind` one of `products`, `sections`, `articles`. */
export interface UrlHistory {
  version: 1;
  pages: Record<string, PageUrls>;
}

const historySchema = z.strictObject({
  version: z.literal(1),
  pages: z.record(
    z.string().regex(/^[a-z]+:.+$/, 'a key is <kind>:<entry id>'),
    z.strictObject({ urls: z.array(z.string().startsWith('/')).min(1), gone: z.literal(true).optional() }),
  ),
});

export const emptyUrlHistory = (): UrlHistory => ({ version: 1, pages: {} });

/** `history` as JSON, its pages in key order: the same history is the same text, whatever order it was made in. */
export function urlHistoryText(history: UrlHistory, indent?: number): string {
  // Keys sorted as strings (what `sort()` does): every key is `<kind>:<id>`, never an array index,
  // so the object keeps the order they are set in.
  const pages: Record<string, PageUrls> = {};
  for (const key of Object.keys(history.pages).sort()) pages[key] = history.pages[key] as PageUrls;
  return JSON.stringify({ version: 1, pages }, null, indent);
}

/** `text` read as a URL history, or an error naming `source` and what is wrong where. */
export function parseUrlHistory(text: string, source: string): UrlHistory {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`URL history ${source}: not JSON (${(error as Error).message})`);
  }
  const parsed = historySchema.safeParse(json);
  if (parsed.success) return parsed.data as UrlHistory;
  const issue = parsed.error.issues[0];
  throw new Error(`URL history ${source}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
}

/** The pages of `kind` only. */
export function kindHistory(history: UrlHistory, kind: string): UrlHistory {
  const prefix = `${kind}:`;
  const keys = Object.keys(history.pages);
  // A collection's history holds its kind only: handed back as it is, not copied page by page.
  if (keys.every((key) => key.startsWith(prefix))) return history;
  const pages: Record<string, PageUrls> = {};
  for (const key of keys) if (key.startsWith(prefix)) pages[key] = history.pages[key] as PageUrls;
  return { version: 1, pages };
}

/** Both histories in one: a page's URLs in `older` come before those in `newer`; `newer` says if it is gone. */
export function mergeUrlHistories(older: UrlHistory, newer: UrlHistory): UrlHistory {
  const pages: Record<string, PageUrls> = { ...older.pages };
  for (const [key, page] of Object.entries(newer.pages)) {
    const before = older.pages[key]?.urls.filter((url) => !page.urls.includes(url)) ?? [];
    pages[key] = { urls: [...before, ...page.urls], ...(page.gone ? { gone: true } : {}) };
  }
  return { version: 1, pages };
}

/** A URL as a route: without its trailing slash (the root stays `/`). */
export const asRoute = (url: string) => url.replace(/(.)\/+$/, '$1');

/**
 * `history` after a complete load of `kind` whose pages are now at `current` (entry id → path): the
 * current URL comes last; a page back at a URL it had forgets the URLs it had after it (an editor's
 * undo: A → B → A leaves no redirect either way, as a clean build of the catalog has none); a page
 * not in `current` is gone.
 */
export function noteCurrentUrls(
  history: UrlHistory,
  kind: string,
  current: ReadonlyMap<string, string>,
): UrlHistory {
  const pages: Record<string, PageUrls> = { ...history.pages };
  const prefix = `${kind}:`;
  for (const key of Object.keys(pages)) {
    const page = pages[key] as PageUrls;
    if (key.startsWith(prefix) && !current.has(key.slice(prefix.length)))
      pages[key] = { urls: page.urls, gone: true };
  }
  for (const [id, url] of current) {
    pages[`${prefix}${id}`] = { urls: withCurrentUrl(pages[`${prefix}${id}`]?.urls ?? [], url) };
  }
  return { version: 1, pages };
}

/** A page's URLs now that it is at `url`: appended, or, back at one it had, cut after it (the same route). */
export function withCurrentUrl(urls: readonly string[], url: string): string[] {
  if (urls.length === 0) return [url];
  const route = asRoute(url);
  const back = urls.findIndex((known) => asRoute(known) === route);
  return back === -1 ? [...urls, url] : [...urls.slice(0, back), url];
}

/**
 * Every old URL of a page that is not gone, to its current URL: straight there, so a chain of moves
 * (A → B → C) is one redirect each (A → C, B → C). A URL another page has now is that page's, never
 * a redirect, and neither is one that differs from the current only by its trailing slash (the
 * site's `trailingSlash` changed: the same route).
 */
export function historyRedirects(history: UrlHistory): Map<string, string> {
  const live = Object.values(history.pages).filter((page) => !page.gone);
  const current = new Set(live.map((page) => asRoute(page.urls.at(-1) as string)));
  const redirects = new Map<string, string>();
  for (const page of live) {
    const to = page.urls.at(-1) as string;
    for (const from of page.urls.slice(0, -1)) if (!current.has(asRoute(from))) redirects.set(from, to);
  }
  return redirects;
}

/** Entry ids by kind of every page the history knows, gone or not. */
export type KnownPages = Map<string, Set<string>>;

export function knownPages(history: UrlHistory): KnownPages {
  const known: KnownPages = new Map();
  for (const key of Object.keys(history.pages)) {
    const colon = key.indexOf(':');
    const kind = key.slice(0, colon);
    const ids = known.get(kind) ?? new Set<string>();
    known.set(kind, ids);
    ids.add(key.slice(colon + 1));
  }
  return known;
}
