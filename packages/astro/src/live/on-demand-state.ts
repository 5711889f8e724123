/**
 * What the live loaders of one server process share across requests: the on-demand settings the
 * site was built with (the integration's middleware hands them over when the server starts), each
 * loader's freshness, the ids the service does not have, the sections looked up, and the count of
 * lookups waiting for the service. Each project has one (`onDemandOf(project)`); the live loaders,
 * the middleware and the purge endpoint use the live project's (`liveState()`).
 */

import type { SiteContentClient } from '@sitecontent/client';
import type { ConnectionOptions } from '../options/loader-shapes.js';
import { type Freshness, type OnDemandSettings, onDemandDefaults } from '../options/on-demand-options.js';
import { DEFAULT_PRODUCT_PAGES, type ProductPagesSource } from '../product-sitemaps/section-entries.js';
import { liveProject } from '../project/open-projects.js';
import type { Project } from '../project/project.js';
import { tagScope } from './cache-tags.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { ClientKeys } from './client-key.js';
import { EntryGuard } from './entry-guard.js';
import { FailureLog } from './failure-log.js';
import { SectionLookup } from './section-lookup.js';

export class OnDemandState {
  #settings: OnDemandSettings = onDemandDefaults;
  readonly #freshnessByKind = new Map<string, Freshness>();
  readonly #clientKeys = new ClientKeys();
  #guard = new EntryGuard(onDemandDefaults, this.#clientKeys);
  #sections = new SectionLookup(onDemandDefaults, this.#clientKeys);
  #breakers = new WeakMap<SiteContentClient, CircuitBreaker>();
  /** Request-time failures and purges, one line per cause (live/failure-log.ts). */
  readonly log = new FailureLog();
  /**
   * How product pages are made, as the live products loader was told (the first one made wins):
   * the product sitemaps list the same URLs. Its defaults until a loader says otherwise.
   */
  productPages: ProductPagesSource = DEFAULT_PRODUCT_PAGES;

  get settings(): OnDemandSettings {
    return this.#settings;
  }

  /** Takes the site's settings; the remembered ids and sections start afresh under the new bounds. */
  configure(settings: OnDemandSettings): void {
    this.#settings = settings;
    this.#guard = new EntryGuard(settings, this.#clientKeys);
    this.#sections = new SectionLookup(settings, this.#clientKeys);
    this.#breakers = new WeakMap();
  }

  /** The circuit breaker of `client`'s connection: one service's outage does not stop another's. */
  breakerFor(client: SiteContentClient): CircuitBreaker {
    let breaker = this.#breakers.get(client);
    if (!breaker) {
      breaker = new CircuitBreaker(this.#settings);
      this.#breakers.set(client, breaker);
    }
    return breaker;
  }

  get guard(): EntryGuard {
    return this.#guard;
  }

  get sections(): SectionLookup {
    return this.#sections;
  }

  /** Notes the freshness a live loader of `kind` was given (the shortest given for a kind wins). */
  noteFreshness(kind: string, freshness: Freshness): void {
    const known = this.#freshnessByKind.get(kind);
    this.#freshnessByKind.set(kind, known ? shortest(known, freshness) : freshness);
  }

  /**
   * The freshness of a page carrying `tags`: the shortest of the loaders' own for the kinds it
   * shows, each completed by the site's default; `undefined` when no tag is a Site Content tag.
   */
  freshnessFor(tags: readonly string[]): Required<Freshness> | undefined {
    const scopes = tags.map(tagScope).filter((s) => s !== undefined);
    if (scopes.length === 0) return undefined;
    const base = this.#settings.freshness;
    let result: Required<Freshness> | undefined;
    for (const scope of scopes) {
      if ('all' in scope || scope.id !== undefined) continue;
      const own = this.#freshnessByKind.get(scope.kind);
      const complete = { maxAge: own?.maxAge ?? base.maxAge, swr: own?.swr ?? base.swr };
      result = result ? (shortest(result, complete) as Required<Freshness>) : complete;
    }
    return result ?? { ...base };
  }

  /** Forgets what `tags` name: remembered missing ids and looked-up sections. */
  forget(tags: readonly string[]): void {
    for (const tag of tags) {
      const scope = tagScope(tag);
      if (scope === undefined) continue;
      this.#guard.forget(scope);
      if ('all' in scope || scope.kind === 'sections') this.#sections.forget(scope);
    }
  }
}

/** `project`'s on-demand state, made on first use. */
export function onDemandOf(project: Project): OnDemandState {
  project.onDemand ??= new OnDemandState();
  return project.onDemand;
}

/** The on-demand state of the project whose pages this process serves (`liveProject()`). */
export const liveState = (): OnDemandState => onDemandOf(liveProject());

/**
 * Notes how the live products loader makes its pages, for the product sitemaps of this process;
 * the first loader made keeps it (a site's product pages have one URL scheme).
 */
export function noteProductPages(source: ProductPagesSource): void {
  const state = liveState();
  if (state.productPages === DEFAULT_PRODUCT_PAGES) state.productPages = source;
}

/** The client of a live loader's connection, on the request-time budget of the site's settings. */
export function liveClient(collection: string, options: ConnectionOptions): SiteContentClient {
  const project = liveProject();
  const { lookupTimeoutMs, lookupRetries } = onDemandOf(project).settings;
  return project.client(collection, options, { timeoutMs: lookupTimeoutMs, retries: lookupRetries });
}

function shortest(a: Freshness, b: Freshness): Freshness {
  const min = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));
  return { maxAge: min(a.maxAge, b.maxAge), swr: min(a.swr, b.swr) };
}
