/** Shared back-off gate: a 429's `Retry-After` makes every new request of the client wait, all collections together. */
export class BackoffGate {
  #until = 0;

  /** Hold new requests for `ms` from now (extends, never shortens, a running pause). */
  pause(ms: number): void {
    this.#until = Math.max(this.#until, Date.now() + ms);
  }

  /** Milliseconds still to wait (0 when open). */
  remaining(): number {
    return Math.max(0, this.#until - Date.now());
  }

  /** Resolves when the gate is open; rejects with the signal's reason on abort. */
  async wait(signal?: AbortSignal): Promise<void> {
    for (let ms = this.remaining(); ms > 0; ms = this.remaining()) {
      await sleep(ms, signal);
    }
    signal?.throwIfAborted();
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`; undefined when unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const at = Date.parse(s);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
