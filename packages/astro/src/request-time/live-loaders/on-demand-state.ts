/**
 * What one project's request-time code shares across requests, one part per job: how long pages
 * are kept (`freshness`), the lookups and their guard (`lookups`), where the pages are (`place`), the
 * product sitemap files this process made (`sitemapFiles`) and the failure log. Beside the project
 * in a `WeakMap`, so a build with nothing on demand never loads it. The middleware hands it the
 * server's settings (`serve`); factories take the parts they need once, through `servingState()`.
 */
import type { UrlHistory } from '../../entries/url-history.js';
import { type OnDemandSettings, onDemandDefaults } from '../../options/on-demand-options.js';
import type { ServingSettings } from '../../options/serving-settings.js';
import { liveProject } from '../../project/open-projects.js';
import type { Project } from '../../project/project.js';
import { SectionFilesMemory } from '../product-sitemaps/section-files-memory.js';
import { tagScope } from './cache-tags.js';
import { FailureLog } from './failure-log.js';
import { PageFreshness } from './page-freshness.js';
import { ServiceLookups } from './service-lookups.js';
import { SitePlace } from './site-place.js';

export class OnDemandState {
  readonly #project: Project;
  #settings: OnDemandSettings = onDemandDefaults;
  #lookups: ServiceLookups;
  readonly freshness = new PageFreshness();
  readonly place: SitePlace;
  /** Request-time failures and purges, one line per cause (failure-log.ts). */
  readonly log = new FailureLog();
  /** The product sitemap files this process made: what the index lists without reading the catalog. */
  readonly sitemapFiles = new SectionFilesMemory();

  constructor(project: Project) {
    this.#project = project;
    this.#lookups = new ServiceLookups(project, onDemandDefaults);
    this.place = new SitePlace(project);
  }

  /** The `onDemand` settings in force: the server's, else the defaults (live loaders without a cache provider). */
  get settings(): OnDemandSettings {
    return this.#settings;
  }

  /** The lookups in force: remade when the server's settings come, so missing ids and sections start afresh. */
  get lookups(): ServiceLookups {
    return this.#lookups;
  }

  /** Takes the server's settings and URL history (the middleware, once, when it is made). */
  serve(settings: ServingSettings, history?: UrlHistory): void {
    this.#settings = settings.onDemand;
    this.#lookups = new ServiceLookups(this.#project, settings.onDemand, history);
    this.freshness.useSettings(settings.onDemand);
    this.place.useUrlStyle(settings.urlStyle);
  }

  /** Forgets what `tags` name: remembered missing ids, looked-up sections, the sitemap files' dates. */
  forget(tags: readonly string[]): void {
    for (const tag of tags) {
      const scope = tagScope(tag);
      if (scope === undefined) continue;
      this.#lookups.forget(scope);
      if ('all' in scope || scope.kind === 'sitemaps') this.sitemapFiles.forgetDates();
    }
  }
}

const states = new WeakMap<Project, OnDemandState>();

/** `project`'s request-time state, made on first use. */
export function onDemandStateFor(project: Project): OnDemandState {
  let state = states.get(project);
  if (!state) {
    state = new OnDemandState(project);
    states.set(project, state);
  }
  return state;
}

/** The state of the project this process serves: called when something is made, never per request. */
export const servingState = (): OnDemandState => onDemandStateFor(liveProject());
