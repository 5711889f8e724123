/**
 * The sections a live page needs, looked up one by one instead of the whole tree and shared across
 * requests: one LRU of at most `cacheSize` for all the process's clients (keyed by client), each kept
 * `freshness.maxAge`, missing sections too. Concurrent lookups of one section share a request.
 */
import type { Section, SiteContentClient } from '@sitecontent/client';
import { LRUCache } from 'lru-cache';
import type { SectionIndex } from '../../entries/section-index.js';
import type { OnDemandSettings } from '../../options/on-demand-options.js';
import type { TagScope } from './cache-tags.js';
import { ClientKeys } from './client-key.js';

/** The sections a page needs: by `tx`, by `id`, and with `ancestors` every parent up to the root. */
export interface SectionsWanted {
  tx?: readonly string[];
  id?: readonly number[];
  ancestors?: boolean;
}

interface Found {
  section: Section | undefined;
}

type Key = { by: 'tx'; value: string } | { by: 'id'; value: number };

export class SectionLookup {
  readonly #cache: LRUCache<string, Found, SiteContentClient>;
  readonly #clientKeys: ClientKeys;

  /** @param clientKeys the keys of the process's clients (shared with its entry guard). */
  constructor(
    settings: Pick<OnDemandSettings, 'cacheSize' | 'freshness'>,
    clientKeys: ClientKeys = new ClientKeys(),
  ) {
    this.#clientKeys = clientKeys;
    this.#cache = new LRUCache<string, Found, SiteContentClient>({
      max: settings.cacheSize,
      // lru-cache reads a ttl of 0 as "for ever": a page never fresh keeps a section a second.
      ttl: Math.max(1, settings.freshness.maxAge) * 1000,
      fetchMethod: async (key, _stale, { context: client, signal }) => {
        const [by, ...rest] = key.split('|')[1]!.split(':');
        const value = rest.join(':');
        const filter = by === 'id' ? { id: Number(value) } : { tx: value };
        const [section] = await client.sections.list(filter, { onInvalidRecord: () => {}, signal });
        return { section };
      },
    });
  }

  /** The wanted sections, indexed as a whole-tree index would hold them. */
  async index(client: SiteContentClient, wanted: SectionsWanted): Promise<SectionIndex> {
    const byTx = new Map<string, Section>();
    const byId = new Map<number, Section>();
    const add = (s: Section | undefined) => {
      if (!s) return;
      byTx.set(s.tx, s);
      byId.set(s.id, s);
    };
    const keys: Key[] = [
      ...[...new Set(wanted.tx)].map((value): Key => ({ by: 'tx', value })),
      ...[...new Set(wanted.id)].map((value): Key => ({ by: 'id', value })),
    ];
    let found = await Promise.all(keys.map((k) => this.#get(client, k)));
    found.forEach(add);
    while (wanted.ancestors) {
      const parents = new Set(found.flatMap((s) => (s?.par && !byTx.has(s.par) ? [s.par] : [])));
      if (parents.size === 0) break;
      found = await Promise.all([...parents].map((value) => this.#get(client, { by: 'tx', value })));
      found.forEach(add);
    }
    return { byTx, byId };
  }

  async #get(client: SiteContentClient, key: Key): Promise<Section | undefined> {
    const prefix = `${this.#clientKeys.of(client)}|`;
    if (key.by === 'tx' && key.value === '') return undefined;
    // One entry per key asked: products ask by tx, articles by id, and a section kept under both
    // would leave room for half as many.
    const found = await this.#cache.fetch(`${prefix}${key.by}:${key.value}`, { context: client });
    return found?.section;
  }

  /** Forgets the sections `scope` names (by `tx`, their entry id), or all. */
  forget(scope: TagScope): void {
    if ('all' in scope || scope.id === undefined) {
      this.#cache.clear();
      return;
    }
    for (const [key, found] of [...this.#cache.entries()]) {
      if (key.endsWith(`|tx:${scope.id}`) || found.section?.tx === scope.id) this.#cache.delete(key);
    }
  }
}
