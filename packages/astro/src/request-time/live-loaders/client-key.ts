/** Short keys for the clients of one process, so caches shared across connections keep their answers apart. */
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
