/**
 * `fn` of each item, in order, with at most `ahead` calls started before their results are taken:
 * the reader sets the pace, so memory holds a few results whatever the list's length (a pool that
 * ran ahead of its reader would hold everything a slow reader has not taken). Each call gets a
 * signal aborted once the reader stops (done, `return`, or a failure). Items may come as they are
 * made (an async iterable): the next call then starts once its item is in.
 */
export async function* readAhead<T, R>(
  items: Iterable<T> | AsyncIterable<T>,
  ahead: number,
  fn: (item: T, signal: AbortSignal) => Promise<R> | R,
): AsyncGenerator<R> {
  const stop = new AbortController();
  const source = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  const pending: Promise<R>[] = [];
  let exhausted = false;
  const startNext = async () => {
    const next = await source.next();
    if (next.done === true) {
      exhausted = true;
      return;
    }
    const call = Promise.resolve().then(() => fn(next.value, stop.signal));
    // Awaited in turn below; until then a failure must not count as unhandled.
    call.catch(() => {});
    pending.push(call);
  };
  try {
    while (!exhausted && pending.length < Math.max(1, ahead)) await startNext();
    while (pending.length > 0) {
      const result = await (pending.shift() as Promise<R>);
      if (!exhausted) await startNext();
      yield result;
    }
  } finally {
    stop.abort();
    if (!exhausted) await source.return?.();
  }
}
