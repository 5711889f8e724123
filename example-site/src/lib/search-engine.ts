// The catalog's Pagefind index as the browser searches it (CatalogSearch.astro's script), one index or
// split by top section (the `search` option's `split: 'top-section'`). Split, `bundles.json` names the
// bundles: a listing's panel loads only its top section's (every bundle for a listing above them, such
// as a catalog's one root); the search page merges them all into the
// first with Pagefind's `mergeIndex`, which shares one WebAssembly module. Merged results come ranked
// by relevance only (each bundle's sort order is lost in the merge), so a sorted search over the
// whole catalog asks each bundle on its own and merges their sorted answers, reading the sort keys
// the records repeat in their meta.

/** A result as Pagefind's `data()` gives it. */
export type Found = { url: string; meta: Record<string, string> };

type Result = { score: number; data(): Promise<Found> };
type Pagefind = {
  options(o: object): Promise<void>;
  mergeIndex(path: string, o?: object): Promise<void>;
  search(term: string | null, o: object): Promise<{ results: Result[] } | null>;
};

/** `bundles.json` of a split index (@sitecontent/astro/search's `SearchBundleManifest`). */
type Manifest = { bundles: { path: string; section?: string; tx?: string }[] };

export type SearchQuery = {
  term: string | null;
  filters: Record<string, unknown>;
  sort?: Record<string, 'asc' | 'desc'> | undefined;
};

/** What a search found: how many results, and the data of the first `shown`. */
export type SearchAnswer = { count: number; pages: Found[] };

export interface CatalogSearchEngine {
  /** Loads what the first search needs (on focus, before the first key). */
  load(): Promise<unknown>;
  search(query: SearchQuery, shown: number): Promise<SearchAnswer>;
}

/** Where the index is and which part of it this page searches. */
export interface SearchScope {
  /** The index's folder URL, ending in `/` (`/pagefind/`). */
  root: string;
  /** Split by top section: the manifest says what to load. */
  split: boolean;
  /** A listing's panel: the `tx` of its section and of each section above it; one of them names its bundle. */
  trail?: readonly string[] | undefined;
}

/** Pagefind's browser code of the bundle at `path`; `instance` makes a module of its own (its state is per module). */
async function pagefindAt(path: string, instance = ''): Promise<Pagefind> {
  const pagefind: Pagefind = await import(/* @vite-ignore */ `${path}pagefind.js${instance}`);
  await pagefind.options({ basePath: path, baseUrl: '/' });
  return pagefind;
}

/** The first `shown` results' data, in Pagefind's order. */
async function firstPages(results: readonly Result[], shown: number): Promise<Found[]> {
  return Promise.all(results.slice(0, shown).map((r) => r.data()));
}

/** A page's value of a sort key: the number its meta repeats (`sort_price`), or its lower-cased title. */
function sortValue(page: Found, key: string): number | string | undefined {
  if (key === 'title') return page.meta.title?.toLocaleLowerCase();
  const value = Number(page.meta[`sort_${key}`] ?? Number.NaN);
  return Number.isNaN(value) ? undefined : value;
}

/**
 * The first `shown` of several sorted result lists in one order: each list's head is read, the
 * first in the order is taken, and the next of its list read, so `shown` + lists − 1 pages are read.
 */
async function mergeSorted(lists: Result[][], key: string, direction: 'asc' | 'desc', shown: number) {
  const at = lists.map(() => 0);
  const heads = lists.map((list) => list[0]?.data());
  const pages: Found[] = [];
  // A page without the key (an article by price) comes after every page with it, as in one index.
  const before = (a: Found, b: Found) => {
    const [x, y] = [sortValue(a, key), sortValue(b, key)];
    if (x === undefined || y === undefined) return x !== undefined;
    return direction === 'asc' ? x < y : x > y;
  };
  while (pages.length < shown) {
    let best = -1;
    let bestPage: Found | undefined;
    for (let i = 0; i < lists.length; i++) {
      const page = await heads[i];
      if (page && (bestPage === undefined || before(page, bestPage))) [best, bestPage] = [i, page];
    }
    if (!bestPage) break;
    pages.push(bestPage);
    at[best] = (at[best] as number) + 1;
    heads[best] = lists[best]?.[at[best] as number]?.data();
  }
  return pages;
}

/**
 * One index, or the bundles this page needs of a split one, loaded on first use. One engine a page:
 * Pagefind keeps its options and merged bundles in its module, which a second engine would share.
 */
export function catalogSearchEngine(scope: SearchScope): CatalogSearchEngine {
  let bundles: Promise<string[]> | undefined;
  let merged: Promise<Pagefind | undefined> | undefined;
  let each: Promise<Pagefind[]> | undefined;

  // The bundle folders this page searches: the one index, a listing's own bundle, or every bundle.
  const bundlePaths = () =>
    (bundles ??= !scope.split
      ? Promise.resolve([scope.root])
      : fetch(`${scope.root}bundles.json`).then(async (response) => {
          if (!response.ok) throw new Error(`${scope.root}bundles.json: ${response.status}`);
          const { bundles: all } = (await response.json()) as Manifest;
          const own = all.filter((b) => b.tx !== undefined && scope.trail?.includes(b.tx));
          return (own.length > 0 ? own : all).map((b) => `${scope.root}${b.path}`);
        }));
  const mergedEngine = () =>
    (merged ??= bundlePaths().then(async ([first, ...rest]) => {
      if (first === undefined) return undefined;
      const pagefind = await pagefindAt(first);
      for (const path of rest) await pagefind.mergeIndex(path, { baseUrl: '/' });
      return pagefind;
    }));
  const separateEngines = () =>
    (each ??= bundlePaths().then((paths) => Promise.all(paths.map((path) => pagefindAt(path, '?sorted')))));

  return {
    load: mergedEngine,
    async search({ term, filters, sort }, shown) {
      const paths = await bundlePaths();
      const [key, direction] = Object.entries(sort ?? {})[0] ?? [];
      if (paths.length <= 1 || key === undefined || direction === undefined) {
        const pagefind = await mergedEngine();
        const results = (await pagefind?.search(term, { filters, ...(sort ? { sort } : {}) }))?.results ?? [];
        return { count: results.length, pages: await firstPages(results, shown) };
      }
      const answers = await Promise.all(
        (await separateEngines()).map((pagefind) => pagefind.search(term, { filters, sort })),
      );
      const lists = answers.map((answer) => answer?.results ?? []);
      return {
        count: lists.reduce((n, list) => n + list.length, 0),
        pages: await mergeSorted(lists, key, direction, shown),
      };
    },
  };
}
