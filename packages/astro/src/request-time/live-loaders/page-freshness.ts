/**
 * How long a page of live entries is kept: each kind's freshness as its live loaders were given it
 * (the shortest given for a kind wins), completed by the site's `onDemand.freshness`; a 4xx at most
 * `notFoundMaxAge`, a 5xx not at all.
 */
import type { APIContext } from 'astro';
import { type Freshness, type OnDemandSettings, onDemandDefaults } from '../../options/on-demand-options.js';
import { tagScope } from './cache-tags.js';

type PageCache = APIContext['cache'];
type FreshnessSettings = Pick<OnDemandSettings, 'freshness' | 'notFoundMaxAge'>;

export class PageFreshness {
  readonly #byKind = new Map<string, Freshness>();
  #settings: FreshnessSettings = onDemandDefaults;

  /** The site's defaults (the middleware's settings); what loaders noted is kept. */
  useSettings(settings: FreshnessSettings): void {
    this.#settings = settings;
  }

  /** Notes the freshness a live loader of `kind` was given. */
  note(kind: string, freshness: Freshness): void {
    const known = this.#byKind.get(kind);
    this.#byKind.set(kind, known ? shortest(known, freshness) : freshness);
  }

  /** The freshness of a page carrying `tags`: the shortest of its kinds', completed by the site's default. */
  forTags(tags: readonly string[]): Required<Freshness> | undefined {
    const scopes = tags.map(tagScope).filter((s) => s !== undefined);
    if (scopes.length === 0) return undefined;
    const base = this.#settings.freshness;
    let result: Required<Freshness> | undefined;
    for (const scope of scopes) {
      if ('all' in scope || scope.id !== undefined) continue;
      const own = this.#byKind.get(scope.kind);
      const complete = { maxAge: own?.maxAge ?? base.maxAge, swr: own?.swr ?? base.swr };
      result = result ? (shortest(result, complete) as Required<Freshness>) : complete;
    }
    return result ?? { ...base };
  }

  /**
   * Completes a rendered page's route cache: no `maxAge` set → its loaders' freshness; a 4xx at most
   * `notFoundMaxAge`, a 5xx not cached. Pages without Site Content tags are left alone.
   */
  completePageCache(cache: PageCache | undefined, status: number): void {
    if (!cache?.enabled) return;
    const freshness = this.forTags(cache.tags);
    if (!freshness) return;
    const { maxAge } = cache.options;
    if (status >= 500) {
      cache.set(false);
      return;
    }
    if (status >= 400) {
      const cap = this.#settings.notFoundMaxAge;
      cache.set({ maxAge: Math.min(maxAge ?? cap, cap), swr: 0 });
      return;
    }
    if (maxAge === undefined) cache.set(freshness);
  }
}

function shortest(a: Freshness, b: Freshness): Freshness {
  const min = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));
  return { maxAge: min(a.maxAge, b.maxAge), swr: min(a.swr, b.swr) };
}
