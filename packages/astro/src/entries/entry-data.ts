/** The page helpers take entries (`{ id, data }`) or bare data, so they work in pages and scripts alike. */
export type WithData<T> = T | { id: string; data: T };

/** The data of an entry, or the object itself when it is bare data. */
export function entryData<T extends object>(item: WithData<T>): T {
  return 'data' in item && typeof item.data === 'object' && item.data !== null && !('zag' in item)
    ? (item.data as T)
    : (item as T);
}

/** An entry with its rendered body, or bare data that may carry the body as `txt`. */
export type WithBody<T> = T | { id: string; data: T; rendered?: { html: string } | undefined };

/** An entry's HTML body: its `rendered.html`, or `txt` of bare data; `''` without either. */
export function entryBody(item: WithBody<object>): string {
  if (entryData(item) !== item)
    return (item as { rendered?: { html?: unknown } }).rendered?.html?.toString() ?? '';
  const txt = (item as { txt?: unknown }).txt;
  return typeof txt === 'string' ? txt : '';
}
