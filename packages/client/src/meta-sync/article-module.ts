/** The meta module (`md`) of an article page, one rule for the loaders and `sitecontent meta`. */

/** A section as far as the article-module rule is concerned. */
export interface ModuleSection {
  id: number;
  tx: string;
  par: string;
  /** Section type; `blog` / `news` mark a blog or news section whatever its address. */
  tp?: string;
}

/** Sections by id and by address (`tx`), built once for many articles. */
export interface ModuleSections {
  byId: ReadonlyMap<number, ModuleSection>;
  byTx: ReadonlyMap<string, ModuleSection>;
}

/** The modules an article page can have by default. */
export type ArticleMetaModule = 'blog' | 'news' | 'article';

/** `sections` indexed for {@link articleMetaModule}. */
export function indexModuleSections(sections: readonly ModuleSection[]): ModuleSections {
  return {
    byId: new Map(sections.map((section) => [section.id, section])),
    byTx: new Map(sections.map((section) => [section.tx, section])),
  };
}

/** `blog` or `news` when the section's type, else its address, is that word in any case. */
function sectionModule(section: ModuleSection): ArticleMetaModule | undefined {
  for (const mark of [section.tp, section.tx]) {
    const word = mark?.toLowerCase();
    if (word === 'blog' || word === 'news') return word;
  }
  return undefined;
}

/**
 * Up from the article's section through its parents, the first whose `tp` (first) or `tx` is `blog`
 * or `news`, in any case; `article` otherwise, also when the section is unknown.
 */
export function articleMetaModule(article: { catid: number }, sections: ModuleSections): ArticleMetaModule {
  const visited = new Set<number>();
  let section = sections.byId.get(article.catid);
  while (section !== undefined && !visited.has(section.id)) {
    const module = sectionModule(section);
    if (module !== undefined) return module;
    visited.add(section.id);
    section = section.par === '' ? undefined : sections.byTx.get(section.par);
  }
  return 'article';
}
