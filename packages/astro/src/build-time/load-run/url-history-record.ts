/**
 * A collection load's part of the URL history (entries/url-history.ts): kept in the loader's store
 * meta, so the next build with the same cache remembers it, and handed to the project, which writes
 * it for an on-demand server and to the history file. The history file's pages come first: a
 * pipeline without the build cache still knows the URLs it committed.
 */
import type { LoaderContext } from 'astro/loaders';
import {
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
 * Notes the URLs of `kind`'s stored entries; `complete`: the store holds this load's entries (else
 * it kept the previous ones, and the history stays as it was).
 */
export function recordUrlHistory(
  ctx: LoaderContext,
  project: Project,
  kind: string,
  complete: boolean,
): void {
  if (!PAGE_KINDS.has(kind)) return;
  const stored = ctx.meta.get(URL_HISTORY_META_KEY);
  const own = stored === undefined ? undefined : safely(stored, ctx.collection);
  let history = mergeUrlHistories(kindHistory(project.urlHistory, kind), own ?? { version: 1, pages: {} });
  if (complete) {
    const current = new Map<string, string>();
    for (const entry of ctx.store.values()) {
      const { url, id } = entry.data as { url?: unknown; id?: unknown };
      // A section by its record id, not its entry id (its `tx`): a renamed section is the same page.
      const key = kind === 'sections' && typeof id === 'number' ? String(id) : entry.id;
      if (typeof url === 'string' && url.startsWith('/')) current.set(key, url);
    }
    history = noteCurrentUrls(history, kind, current);
    const text = urlHistoryText(history);
    // Astro writes the whole data store again after any write: an unchanged history is not one.
    if (text !== stored) ctx.meta.set(URL_HISTORY_META_KEY, text);
  }
  project.settleUrlHistory(kind, history);
}

/** The stored history, or none when an older version of the package stored something else. */
function safely(text: string, collection: string): UrlHistory | undefined {
  try {
    return parseUrlHistory(text, `${collection} (store)`);
  } catch {
    return undefined;
  }
}
