/**
 * `fn` of each item, in order, with at most `ahead` calls started before their results are taken:
 * the reader sets the pace, so memory holds a few results whatever the list's length (a pool that
 * ran ahead of its reader would hold everything a slow reader has not taken). Each call gets a
 * signal aborted once the reader stops (done, `return`, or a failure).
 */
export async function* readAhead<T, R>(
  items: readonly T[],
  ahead: number,
  fn: (item: T, signal: AbortSignal) => Promise<R>,
): AsyncGenerator<R> {
  const stop = new AbortController();
  const pending: Promise<R>[] = [];
  let next = 0;
  const startNext = () => {
    const call = fn(items[next++] as T, stop.signal);
    // Awaited in turn below; until then a failure must not count as unhandled.
    call.catch(() => {});
    pending.push(call);
  };
  try {
    while (next < items.length && pending.length < Math.max(1, ahead)) startNext();
    while (pending.length > 0) {
      const result = await (pending.shift() as Promise<R>);
      if (next < items.length) startNext();
      yield result;
    }
  } finally {
    stop.abort();
  }
}
