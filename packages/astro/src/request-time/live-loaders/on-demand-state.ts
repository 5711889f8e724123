/**
 * What one project's request-time code shares across requests: the settings the middleware brings,
 * URL style, freshness per loader, missing ids, sections, circuit breakers, failure log. Beside the
 * project in a `WeakMap`, so a build with nothing on demand never loads it. Found only through
 * `servingState()`, which factories call once when made.
 */

import type { SiteContentClient } from '@sitecontent/client';
import {
  PREVIEW_PARAM,
  PREVIEW_SECRET_ENV,
  type PreviewKind,
  previewAllowed,
  shortSecretProblem,
} from '@sitecontent/client/internal';
import { DEFAULT_URL_STYLE, type UrlStyle } from '../../entries/page-url.js';
import { type KnownPages, knownPages, type UrlHistory } from '../../entries/url-history.js';
import type { ConnectionOptions } from '../../options/loader-shapes.js';
import { type Freshness, type OnDemandSettings, onDemandDefaults } from '../../options/on-demand-options.js';
import { liveProject } from '../../project/open-projects.js';
import type { Project } from '../../project/project.js';
import { siteOriginOf } from '../../project/site-origin.js';
import { SectionFilesMemory } from '../product-sitemaps/section-files-memory.js';
import { tagScope } from './cache-tags.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { ClientKeys } from './client-key.js';
import { EntryGuard } from './entry-guard.js';
import { FailureLog } from './failure-log.js';
import { SectionLookup } from './section-lookup.js';

export class OnDemandState {
  readonly #project: Project;
  #settings: OnDemandSettings = onDemandDefaults;
  #urlStyle: UrlStyle | undefined;
  #seenSite: string | undefined;
  readonly #freshnessByKind = new Map<string, Freshness>();
  readonly #clientKeys = new ClientKeys();
  #guard = new EntryGuard(onDemandDefaults, this.#clientKeys);
  #sections = new SectionLookup(onDemandDefaults, this.#clientKeys);
  #breakers = new WeakMap<SiteContentClient, CircuitBreaker>();
  #known: KnownPages = new Map();
  /** Request-time failures and purges, one line per cause (failure-log.ts). */
  readonly log = new FailureLog();
  /** The product sitemap files this process made: what the index lists without reading the catalog. */
  readonly sitemapFiles = new SectionFilesMemory();

  constructor(project: Project) {
    this.#project = project;
  }

  get settings(): OnDemandSettings {
    return this.#settings;
  }

  /** Takes the site's settings and URL style (from the middleware); missing ids and sections start afresh. */
  configure(settings: OnDemandSettings, urlStyle?: UrlStyle, history?: UrlHistory): void {
    this.#settings = settings;
    if (history) this.#known = knownPages(history);
    this.#urlStyle = urlStyle ?? this.#urlStyle;
    this.#guard = new EntryGuard(settings, this.#clientKeys);
    this.#sections = new SectionLookup(settings, this.#clientKeys);
    this.#breakers = new WeakMap();
  }

  /** Notes the `site` a request was served under (Astro's `context.site`): the first one counts. */
  noteSite(site: URL | string | undefined): void {
    this.#seenSite ??= site === undefined ? undefined : new URL(site).origin;
  }

  /** How page URLs end: the site's Astro config, as the integration or the middleware said it. */
  get urlStyle(): UrlStyle {
    return this.#project.urlStyle ?? this.#urlStyle ?? DEFAULT_URL_STYLE;
  }

  /** The origin of canonical URLs: a loader's own `site`, else Astro's, else the service's domain. */
  siteOrigin(client: SiteContentClient, loaderSite?: string): Promise<string> {
    return siteOriginOf([loaderSite, this.#project.siteOrigin, this.#seenSite], client);
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
    return this.#known.get(kind)?.has(id) ?? false;
  }

  /**
   * Whether `token` opens the page of `kind` `id` to an editor. The secret is read per request, like
   * the purge token, so setting it needs no rebuild; without it, or with one shorter than 16
   * characters (refused, the start check says so), preview is off.
   */
  previewAllowed(token: string, kind: PreviewKind, id: string): Promise<boolean> {
    const secret = globalThis.process?.env?.[PREVIEW_SECRET_ENV];
    return secret && shortSecretProblem(PREVIEW_SECRET_ENV, secret) === undefined
      ? previewAllowed(token, kind, id, secret)
      : Promise.resolve(false);
  }

  /** Whether `url` carries a preview link's token, valid or not: its answer is private and uncached. */
  previewRequested(url: URL): boolean {
    return url.searchParams.has(PREVIEW_PARAM);
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

  /** The freshness of a page carrying `tags`: the shortest of its kinds', completed by the site's default. */
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

  /** Forgets what `tags` name: remembered missing ids, looked-up sections, the sitemap files' dates. */
  forget(tags: readonly string[]): void {
    for (const tag of tags) {
      const scope = tagScope(tag);
      if (scope === undefined) continue;
      this.#guard.forget(scope);
      if ('all' in scope || scope.kind === 'sections') this.#sections.forget(scope);
      if ('all' in scope || scope.kind === 'sitemaps') this.sitemapFiles.forgetDates();
    }
  }
}

const states = new WeakMap<Project, OnDemandState>();

/** `project`'s request-time state, made on first use. */
export function onDemandStateOf(project: Project): OnDemandState {
  let state = states.get(project);
  if (!state) {
    state = new OnDemandState(project);
    states.set(project, state);
  }
  return state;
}

/** The state of the project this process serves: called when a factory makes something, never per request. */
export const servingState = (): OnDemandState => onDemandStateOf(liveProject());

function shortest(a: Freshness, b: Freshness): Freshness {
  const min = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));
  return { maxAge: min(a.maxAge, b.maxAge), swr: min(a.swr, b.swr) };
}
