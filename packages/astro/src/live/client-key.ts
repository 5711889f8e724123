/** A short key per client, so caches shared across connections keep each connection's answers apart. */
import type { SiteContentClient } from '@sitecontent/client';

const keys = new WeakMap<SiteContentClient, number>();
let next = 0;

export function clientKey(client: SiteContentClient): number {
  let key = keys.get(client);
  if (key === undefined) {
    key = ++next;
    keys.set(client, key);
  }
  return key;
}
