/**
 * Short keys for the clients of one server process, so the caches shared across connections keep
 * each connection's answers apart. One instance per on-demand state: no process-wide counter.
 */
import type { SiteContentClient } from '@sitecontent/client';

export class ClientKeys {
  readonly #keys = new WeakMap<SiteContentClient, number>();
  #next = 0;

  /** The key of `client`, given on first use. */
  of(client: SiteContentClient): number {
    let key = this.#keys.get(client);
    if (key === undefined) {
      key = ++this.#next;
      this.#keys.set(client, key);
    }
    return key;
  }
}
