/**
 * The fan-outs of one load, sent in the order they were made. A load that reads ahead (the catalog
 * typed a slice at a time, or read section by section) makes a fan-out per part; left alone, their
 * calls would share the client's slots, and the part staged first would wait for the answers of
 * the parts after it. Here each fan-out's calls wait until every call of the ones before has been
 * sent: answers come in about the order they are staged, and the slots stay full across parts.
 */

/** Resolves when `turn` does, or at once when `signal` aborts (a failed load ends every wait). */
function turnOrAbort(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    turn.then(done, done);
  });
}

export class FanOutTurns {
  /** Resolves once every call of the fan-outs made so far has been sent. */
  #sent: Promise<void> = Promise.resolve();

  /**
   * `call` for a fan-out of `count` items, each call held until the earlier fan-outs' calls have all
   * been sent. The workers of the fan-out must call it once per item, in order.
   */
  inTurn<T, R>(
    count: number,
    call: (item: T, signal: AbortSignal) => Promise<R>,
  ): (item: T, signal: AbortSignal) => Promise<R> {
    const before = this.#sent;
    let started = 0;
    let allSent = () => {};
    const sent = count === 0 ? before : new Promise<void>((resolve) => (allSent = resolve));
    this.#sent = before.then(() => sent);
    // Once its turn has come, a call waits for nothing: no promise or listener per call.
    let turnCame = false;
    void before.then(() => {
      turnCame = true;
    });
    return async (item, signal) => {
      if (!turnCame) await turnOrAbort(before, signal);
      if (++started === count) allSent();
      return call(item, signal);
    };
  }
}
