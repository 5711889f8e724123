/**
 * Where the links in the service's HTML point now (docs/architecture.md, "URL history"): a link
 * to a page's old URL is written as its current one when the entry is built, so an article that
 * links to a renamed section neither redirects nor 404s. The old URLs come from the history the
 * build started with; a section renamed by this very sync is recognised by its record id in the
 * current section index, and every page below its old URL moves with it.
 */
import { pageUrl, type UrlStyle } from './page-url.js';
import { asRoute, historyRedirects, type UrlHistory } from './url-history.js';

export interface MovedPages {
  /** Old page URL → current, each in the site's style. */
  exact: ReadonlyMap<string, string>;
  /** Old section URL → current, without trailing slashes, longest first: pages below move with it. */
  below: readonly (readonly [string, string])[];
}

export const NO_MOVES: MovedPages = { exact: new Map(), below: [] };

/**
 * Where the pages `history` knows are now, with this sync's sections (`sections`) as the truth for
 * sections: a section back at a URL it had is live there, never moved away (an editor's undo); one
 * at a new URL takes the pages below its old ones along; and a move `history` knows whose target
 * lies below a section that moved since is followed there, in one hop.
 */
export function findMovedPages(
  history: UrlHistory,
  sections: Iterable<{ id: number; url: string }>,
  style: UrlStyle,
): MovedPages {
  const live = new Set<string>();
  const sectionMoves: [string, string][] = [];
  for (const section of sections) {
    const current = pageUrl(section.url, style);
    live.add(asRoute(current));
    for (const old of history.pages[`sections:${section.id}`]?.urls ?? []) {
      if (asRoute(old) !== asRoute(current)) sectionMoves.push([old, current]);
    }
  }
  const below = sectionMoves
    .map(([old, current]) => [asRoute(old), asRoute(current)] as const)
    .filter(([old]) => !live.has(old))
    .sort((a, b) => b[0].length - a[0].length);
  const moved: MovedPages = { exact: new Map(), below };
  const exact = new Map<string, string>();
  for (const [from, to] of historyRedirects(history)) {
    const now = currentPagePath(to, moved);
    if (!live.has(asRoute(from)) && asRoute(now) !== asRoute(from)) exact.set(from, now);
  }
  for (const [old, current] of sectionMoves) if (!live.has(asRoute(old))) exact.set(old, current);
  if (exact.size === 0 && below.length === 0) return NO_MOVES;
  return { exact, below };
}

/** `path` (a page path in the site's style) where its page is now; itself when it did not move. */
export function currentPagePath(path: string, moved: MovedPages): string {
  const direct = moved.exact.get(path);
  if (direct !== undefined) return direct;
  for (const [old, current] of moved.below) {
    if (path.startsWith(`${old}/`) && old !== '/') return `${current}${path.slice(old.length)}`;
  }
  return path;
}

/** The moves the links of `html` meet, for an entry's digest: its entry is rebuilt when they change. */
export function movesMet(html: readonly string[], moved: MovedPages): string[] | undefined {
  if (moved === NO_MOVES) return undefined;
  const met = new Set<string>();
  for (const text of html) {
    for (const match of text.matchAll(/href\s*=\s*["']?([^"'\s>]+)/gi)) {
      const href = (match[1] ?? '').replace(/[?#].*$/, '');
      for (const candidate of [href, `${asRoute(href)}/`, asRoute(href)]) {
        const now = currentPagePath(candidate, moved);
        if (now !== candidate) met.add(`${candidate}>${now}`);
      }
    }
  }
  return met.size > 0 ? [...met].sort() : undefined;
}
