/**
 * Pulling (META.md): the meta of every product, section and article, found through the read
 * operations, as desired entries that `planMetaChanges` (and `sitecontent meta plan | push`) accept
 * unchanged.
 */
import { mapBounded } from '../bounded-map.js';
import { currentValue } from './plan.js';
import { type DesiredMetaEntry, META_FIELDS, type MetaPullClient } from './types.js';

/** Modules `pullMeta` knows how to enumerate. */
export const PULL_MODULES = ['dir', 'goods', 'blog', 'news', 'article'] as const;
export type PullModule = (typeof PULL_MODULES)[number];

/** A section as far as the article-module rule is concerned. */
export interface ModuleSection {
  id: number;
  tx: string;
  par: string;
  /** Section type; `blog` / `news` mark a blog or news section whatever its address. */
  tp?: string;
}

/**
 * Default module of an article (docs/interface.md: "blog/news/article"): walking up from the article's
 * section (`catid`) through its parents, the first section whose type (`tp`) or address (`tx`) is
 * `blog` or `news` gives the module; `article` otherwise, including when the section is unknown.
 */
export function defaultArticleModule(
  article: { id: number; catid: number },
  sections: readonly ModuleSection[],
): string {
  const byId = new Map(sections.map((section) => [section.id, section]));
  const byTx = new Map(sections.map((section) => [section.tx, section]));
  const visited = new Set<number>();
  let section = byId.get(article.catid);
  while (section !== undefined && !visited.has(section.id)) {
    for (const mark of [section.tp, section.tx]) {
      const word = mark?.toLowerCase();
      if (word === 'blog' || word === 'news') return word;
    }
    visited.add(section.id);
    section = section.par === '' ? undefined : byTx.get(section.par);
  }
  return 'article';
}

/** Options of {@link pullMeta}. */
export interface PullMetaOptions {
  /** Only these modules (e.g. `['goods']`). @default every module in PULL_MODULES */
  modules?: readonly string[];
  /**
   * Include pages that have no meta yet, with every field `''` (a template to fill in; pushing it
   * unchanged changes nothing). When false they are left out.
   * @default true
   */
  includeEmpty?: boolean;
  /** Pages read at the same time (on top of the client's own bound). @default 16 */
  concurrency?: number;
  /** Module of an article. @default defaultArticleModule */
  articleModule?: (article: { id: number; catid: number }, sections: readonly ModuleSection[]) => string;
  signal?: AbortSignal;
  /** Called after each page's meta is read. */
  onProgress?: (event: { done: number; total: number }) => void;
}

export const PULL_META_DEFAULTS = {
  modules: PULL_MODULES,
  includeEmpty: true,
  concurrency: 16,
} as const satisfies PullMetaOptions;

/**
 * Lists sections (`dir/Get`), products (`goods/Get`) and articles (`article/Get`) as needed by the
 * requested modules, reads each page's meta (`meta/Get`) and returns one entry per page with all
 * five fields, ordered by module (dir, goods, blog, news, article) then id.
 */
export async function pullMeta(
  client: MetaPullClient,
  options: PullMetaOptions = {},
): Promise<DesiredMetaEntry[]> {
  const modules = new Set(options.modules ?? PULL_META_DEFAULTS.modules);
  const includeEmpty = options.includeEmpty ?? PULL_META_DEFAULTS.includeEmpty;
  const articleModule = options.articleModule ?? defaultArticleModule;
  const { signal } = options;
  const call = signal === undefined ? undefined : { signal };
  const wantArticles = [...modules].some((md) => md !== 'dir' && md !== 'goods');

  const [sections, products, articles] = await Promise.all([
    modules.has('dir') || wantArticles ? client.sections.list(undefined, call) : Promise.resolve([]),
    modules.has('goods') ? client.products.list(undefined, call) : Promise.resolve([]),
    wantArticles ? client.articles.list(undefined, call) : Promise.resolve([]),
  ]);

  const targets: { md: string; id: number }[] = [];
  if (modules.has('dir')) for (const section of sections) targets.push({ md: 'dir', id: section.id });
  if (modules.has('goods')) for (const product of products) targets.push({ md: 'goods', id: product.id });
  for (const article of articles) {
    const md = articleModule(article, sections);
    if (modules.has(md)) targets.push({ md, id: article.id });
  }
  const order = (md: string): number => {
    const index = (PULL_MODULES as readonly string[]).indexOf(md);
    return index === -1 ? PULL_MODULES.length : index;
  };
  targets.sort((a, b) => order(a.md) - order(b.md) || a.md.localeCompare(b.md) || a.id - b.id);

  let done = 0;
  const pulled = await mapBounded(
    targets,
    options.concurrency ?? PULL_META_DEFAULTS.concurrency,
    async ({ md, id }) => {
      const current = await client.meta.get(md, id, call);
      done++;
      options.onProgress?.({ done, total: targets.length });
      if (current === undefined && !includeEmpty) return undefined;
      const entry: DesiredMetaEntry = { md, id };
      for (const field of META_FIELDS) entry[field] = currentValue(current, field);
      return entry;
    },
    undefined,
    signal,
  );
  signal?.throwIfAborted();
  return pulled.filter((entry): entry is DesiredMetaEntry => entry !== undefined);
}
