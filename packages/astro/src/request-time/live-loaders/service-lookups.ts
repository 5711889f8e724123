/**
 * The live lookups' side of the service: clients on the site's short budget, the entry guard
 * (missing ids, shared and bounded lookups), the sections shared across requests, a circuit breaker
 * per connection, and the pages the site once had (a gone one answers 410). Remade when the
 * middleware brings the site's settings.
 */
import type { SiteContentClient } from '@sitecontent/client';
import { type KnownPages, knownPages, type UrlHistory } from '../../entries/url-history.js';
import type { ConnectionOptions } from '../../options/loader-shapes.js';
import type { OnDemandSettings } from '../../options/on-demand-options.js';
import type { Project } from '../../project/project.js';
import type { TagScope } from './cache-tags.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { ClientKeys } from './client-key.js';
import { EntryGuard } from './entry-guard.js';
import { SectionLookup } from './section-lookup.js';

export class ServiceLookups {
  readonly #project: Project;
  readonly #settings: OnDemandSettings;
  readonly #breakers = new WeakMap<SiteContentClient, CircuitBreaker>();
  readonly #pastPages: KnownPages;
  readonly guard: EntryGuard;
  readonly sections: SectionLookup;

  constructor(project: Project, settings: OnDemandSettings, history?: UrlHistory) {
    this.#project = project;
    this.#settings = settings;
    this.#pastPages = history ? knownPages(history) : new Map();
    const clientKeys = new ClientKeys();
    this.guard = new EntryGuard(settings, clientKeys);
    this.sections = new SectionLookup(settings, clientKeys);
  }

  /** The client of a live loader: `'lookup'` with the site's short budget, `'patient'` the client's own. */
  client(collection: string, options: ConnectionOptions, budget: 'lookup' | 'patient'): SiteContentClient {
    if (budget === 'patient') return this.#project.client(collection, options);
    const { lookupTimeoutMs, lookupRetries } = this.#settings;
    return this.#project.client(collection, options, { timeoutMs: lookupTimeoutMs, retries: lookupRetries });
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

  /** Whether the site's URL history knows a page of `kind` (`products`, …) `id`: one the site once had. */
  hadPage(kind: string, id: string): boolean {
    return this.#pastPages.get(kind)?.has(id) ?? false;
  }

  /** Forgets what `scope` names: remembered missing ids, looked-up sections. */
  forget(scope: TagScope): void {
    this.guard.forget(scope);
    if ('all' in scope || scope.kind === 'sections') this.sections.forget(scope);
  }
}
