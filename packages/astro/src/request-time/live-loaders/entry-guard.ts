/**
 * Keeps on-demand traffic from turning into unbounded requests: missing ids remembered for
 * `notFoundMaxAge`, concurrent lookups of one record shared, at most `maxInFlight` in flight
 * (beyond, `SiteContentBusyError` at once).
 */
import type { SiteContentClient } from '@sitecontent/client';
import { LRUCache } from 'lru-cache';
import { SiteContentBusyError } from '../../errors/busy-error.js';
import type { OnDemandSettings } from '../../options/on-demand-options.js';
import type { TagScope } from './cache-tags.js';
import { ClientKeys } from './client-key.js';

type Settings = Pick<OnDemandSettings, 'notFoundMaxAge' | 'maxInFlight' | 'cacheSize'>;

/** A lookup's answer for a record the service has but does not show (`shw` = 0): not found, not gone. */
export const HIDDEN: unique symbol = Symbol('hidden');

export class EntryGuard {
  /** `client|kind|id` of ids the service answered without a record, or with a hidden one. */
  readonly #missing: LRUCache<string, { hidden: boolean }> | undefined;
  readonly #pending = new Map<string, Promise<unknown>>();
  readonly #maxInFlight: number;
  readonly #clientKeys: ClientKeys;
  #inFlight = 0;

  /** @param clientKeys the keys of the process's clients (shared with its section lookup). */
  constructor(settings: Settings, clientKeys: ClientKeys = new ClientKeys()) {
    this.#clientKeys = clientKeys;
    this.#maxInFlight = settings.maxInFlight;
    this.#missing =
      settings.notFoundMaxAge > 0
        ? new LRUCache({ max: settings.cacheSize * 10, ttl: settings.notFoundMaxAge * 1000 })
        : undefined;
  }

  /** Lookups waiting for the service now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The record as `get` finds it, without a request for a remembered missing id, sharing one under way. */
  lookup<R>(
    client: SiteContentClient,
    collection: string,
    kind: string,
    id: string,
    get: () => Promise<R | undefined | typeof HIDDEN>,
  ): Promise<R | undefined | typeof HIDDEN> {
    const key = `${this.#clientKeys.of(client)}|${kind}|${id}`;
    const known = this.#missing?.get(key);
    if (known) return Promise.resolve(known.hidden ? HIDDEN : undefined);
    const pending = this.#pending.get(key) as Promise<R | undefined | typeof HIDDEN> | undefined;
    if (pending) return pending;
    const started = this.bounded(collection, get).then((record) => {
      if (record === undefined || record === HIDDEN) this.#missing?.set(key, { hidden: record === HIDDEN });
      return record;
    });
    this.#pending.set(key, started);
    const done = () => this.#pending.delete(key);
    started.then(done, done);
    return started;
  }

  /** Runs `fetch` as one of the lookups in flight, or fails at once when `maxInFlight` are. */
  async bounded<T>(collection: string, fetch: () => Promise<T>): Promise<T> {
    if (this.#inFlight >= this.#maxInFlight) throw new SiteContentBusyError(collection, this.#maxInFlight);
    this.#inFlight++;
    try {
      return await fetch();
    } finally {
      this.#inFlight--;
    }
  }

  /** Forgets the missing ids `scope` names (a purge: the record may exist now). */
  forget(scope: TagScope): void {
    if (!this.#missing) return;
    if ('all' in scope) {
      this.#missing.clear();
      return;
    }
    const suffix = scope.id === undefined ? `|${scope.kind}|` : `|${scope.kind}|${scope.id}`;
    for (const key of [...this.#missing.keys()]) {
      if (scope.id === undefined ? key.includes(suffix) : key.endsWith(suffix)) this.#missing.delete(key);
    }
  }
}
