/**
 * A collection load's part of the URL history (entries/url-history.ts): kept in the loader's store
 * meta, so the next build with the same cache remembers it, and handed to the project, which writes
 * it for an on-demand server and to the history file. The history file's pages come first: a
 * pipeline without the build cache still knows the URLs it committed.
 */
import type { LoaderContext } from 'astro/loaders';
import {
  asRoute,
  kindHistory,
  mergeUrlHistories,
  noteCurrentUrls,
  parseUrlHistory,
  type UrlHistory,
  urlHistoryText,
} from '../../entries/url-history.js';
import type { Project } from '../../project/project.js';

export const URL_HISTORY_META_KEY = 'sitecontent:url-history';
/** The kinds whose entries are pages with a `url`. */
const PAGE_KINDS = new Set(['products', 'sections', 'articles']);

/**
 * What the store holds after a load: this load's entries (`complete`), the entries of the last
 * load that committed, kept as they are because its answers are unchanged (`kept`), or the previous
 * entries kept for an outage (`stale`).
 */
export type StoreState = 'complete' | 'kept' | 'stale';

/** A load's noting that settled a project's URL history: what it was made of, and what it left. */
interface Noting {
  kind: string;
  /** The stored text after it. */
  stored: string;
  /** The entries' URLs it noted. */
  current: ReadonlyMap<string, string>;
  /** The project's history it settled (each change to a project's history is a new object). */
  settled: UrlHistory;
}

/**
 * Each project's last noting. A long-lived process (`astro dev`, a reload of the same catalog) loads
 * the same collection again and again: when nothing changed since its last noting, noting again
 * gives what it gave then, and nothing needs to be read.
 */
const lastNoting = new WeakMap<Project, Noting>();

/** Notes the URLs of `kind`'s stored entries; only a `complete` or `kept` store changes the stored history. */
export function recordUrlHistory(
  ctx: LoaderContext,
  project: Project,
  kind: string,
  state: StoreState,
): void {
  if (!PAGE_KINDS.has(kind)) return;
  const stored = ctx.meta.get(URL_HISTORY_META_KEY);
  const current = state === 'stale' ? undefined : currentUrls(ctx, kind);
  if (current !== undefined && stored !== undefined && notedLastTime(project, kind, stored, current)) return;
  const known = kindHistory(project.urlHistory, kind);
  if (state === 'kept' && stored !== undefined && current !== undefined) {
    // Kept entries are those the stored history was noted from: where merging what the project
    // knows and noting them again would give the stored history back (checked, page by page), the
    // work of doing so for 10,000 pages (parse, merge, note, sort, text) is skipped.
    const own = ownHistory(stored);
    if (own !== undefined && mergesInto(known, own) && notesAlready(own, kind, current)) {
      settleNoted(project, { kind, stored, current, history: own });
      return;
    }
  }
  const own = stored === undefined ? undefined : safely(stored, ctx.collection);
  const merged = mergeUrlHistories(known, own ?? { version: 1, pages: {} });
  // Stale entries are not noted: the project takes what it and the store knew.
  if (current === undefined) {
    project.settleUrlHistory(kind, merged);
    return;
  }
  const history = noteCurrentUrls(merged, kind, current);
  const text = urlHistoryText(history);
  // Astro writes the whole data store again after any write: an unchanged history is not one.
  if (text !== stored) ctx.meta.set(URL_HISTORY_META_KEY, text);
  settleNoted(project, { kind, stored: text, current, history });
}

/** Settles a noting's history in the project, and remembers the noting for `notedLastTime`. */
function settleNoted(project: Project, noting: Omit<Noting, 'settled'> & { history: UrlHistory }): void {
  const { history, ...made } = noting;
  project.settleUrlHistory(made.kind, history);
  lastNoting.set(project, { ...made, settled: project.urlHistory });
}

/**
 * Whether the project's history last changed by noting these same URLs of `kind` into the same
 * stored text (a collection's, or another's of the same kind: noting depends on nothing else).
 * Noting again would give the same: the history it settled then holds every page it noted, merging
 * it with the stored one adds nothing, and noting the same URLs twice is noting them once.
 */
function notedLastTime(
  project: Project,
  kind: string,
  stored: string,
  current: ReadonlyMap<string, string>,
): boolean {
  const last = lastNoting.get(project);
  if (
    last === undefined ||
    last.settled !== project.urlHistory ||
    last.kind !== kind ||
    last.stored !== stored ||
    last.current.size !== current.size
  )
    return false;
  for (const [key, url] of current) if (last.current.get(key) !== url) return false;
  return true;
}

/** The stored entries' URLs by page key (entry id; a section's record id). */
function currentUrls(ctx: LoaderContext, kind: string): Map<string, string> {
  const current = new Map<string, string>();
  for (const entry of ctx.store.values()) {
    const { url, id } = entry.data as { url?: unknown; id?: unknown };
    // A section by its record id, not its entry id (its `tx`): a renamed section is the same page.
    const key = kind === 'sections' && typeof id === 'number' ? String(id) : entry.id;
    if (typeof url === 'string' && url.startsWith('/')) current.set(key, url);
  }
  return current;
}

/** The stored history, or none when an older version of the package stored something else. */
function safely(text: string, collection: string): UrlHistory | undefined {
  try {
    return parseUrlHistory(text, `${collection} (store)`);
  } catch {
    return undefined;
  }
}

/**
 * The stored history as JSON, checked for its version only: it is the text this package stored
 * (`notesAlready` checks each page it keeps); an older one fails the checks and is read in full.
 */
function ownHistory(text: string): UrlHistory | undefined {
  try {
    const json = JSON.parse(text) as Partial<UrlHistory> | null;
    return json?.version === 1 && typeof json.pages === 'object' && json.pages !== null
      ? (json as UrlHistory)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether merging `known` before `own` gives `own`: each of its pages is there, with every URL it has. */
function mergesInto(known: UrlHistory, own: UrlHistory): boolean {
  for (const [key, page] of Object.entries(known.pages)) {
    const mine = own.pages[key];
    if (mine === undefined || !Array.isArray(mine.urls) || page.urls.some((url) => !mine.urls.includes(url)))
      return false;
  }
  return true;
}

/**
 * Whether `noteCurrentUrls(own, kind, current)` would give `own` back: its pages of `kind` are
 * exactly the current ones not gone, each ending at its current URL with no earlier URL of the
 * same route (which noting would cut), and every other page of `kind` is marked gone.
 */
function notesAlready(own: UrlHistory, kind: string, current: ReadonlyMap<string, string>): boolean {
  const prefix = `${kind}:`;
  let live = 0;
  for (const [key, page] of Object.entries(own.pages)) {
    if (!key.startsWith(prefix)) return false;
    if (!Array.isArray(page.urls) || page.urls.length === 0) return false;
    if (page.gone === true) {
      if (current.has(key.slice(prefix.length))) return false;
      continue;
    }
    if (page.gone !== undefined) return false;
    const url = current.get(key.slice(prefix.length));
    if (url === undefined || page.urls.at(-1) !== url) return false;
    const route = asRoute(url);
    if (page.urls.findIndex((known) => asRoute(known) === route) !== page.urls.length - 1) return false;
    live++;
  }
  return live === current.size;
}
