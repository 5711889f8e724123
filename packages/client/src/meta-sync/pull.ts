/** Pulling (META.md): the meta of every page, as desired entries `planMetaChanges` accepts unchanged. */

import { mapBounded } from '../http/bounded-map.js';
import { type DesiredMetaEntry, META_FIELDS, type MetaPullClient } from '../types/meta-sync.js';
import { articleMetaModule, indexModuleSections, type ModuleSections } from './article-module.js';
import { checkedConcurrency } from './limits.js';
import { currentValue } from './plan.js';

/** Modules `pullMeta` knows how to enumerate. */
export const PULL_MODULES = ['dir', 'goods', 'blog', 'news', 'article'] as const;
export type PullModule = (typeof PULL_MODULES)[number];

/** Options of {@link pullMeta}. */
export interface PullMetaOptions {
  /** Only these modules (e.g. `['goods']`). @default every module in PULL_MODULES */
  modules?: readonly string[];
  /** Include pages without meta, every field `''` (a template; pushing it unchanged changes nothing). @default true */
  includeEmpty?: boolean;
  /** Pages read at the same time (on top of the client's own bound). @default 16 */
  concurrency?: number;
  /** Module of an article. @default articleMetaModule */
  articleModule?: (article: { id: number; catid: number }, sections: ModuleSections) => string;
  signal?: AbortSignal;
  /** Called after each page's meta is read. */
  onProgress?: (event: { done: number; total: number }) => void;
}

export const PULL_META_DEFAULTS = {
  modules: PULL_MODULES,
  includeEmpty: true,
  concurrency: 16,
} as const satisfies PullMetaOptions;

/** One entry per page of the requested modules, all five fields, by module (dir, goods, blog, news, article), id. */
export async function pullMeta(
  client: MetaPullClient,
  options: PullMetaOptions = {},
): Promise<DesiredMetaEntry[]> {
  const concurrency = checkedConcurrency('pullMeta', options.concurrency, PULL_META_DEFAULTS.concurrency);
  const modules = new Set(options.modules ?? PULL_META_DEFAULTS.modules);
  const includeEmpty = options.includeEmpty ?? PULL_META_DEFAULTS.includeEmpty;
  const articleModule = options.articleModule ?? articleMetaModule;
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
  const sectionIndex = indexModuleSections(sections);
  for (const article of articles) {
    const md = articleModule(article, sectionIndex);
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
    concurrency,
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
