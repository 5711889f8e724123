/** An article record as a collection entry, and its meta module (shared by the build-time and the live loader). */
import type { Article, Section } from '@sitecontent/client';
import type { ArticlesLoaderOptions } from '../options/loader-options.js';
import { knownKeys, withExtra } from './extra-fields.js';
import { type ArticleData, articleDataSchema, type EntryReference } from './schemas.js';
import type { SectionIndex } from './section-index.js';
import { type EntryInput, entrySeo } from './seo.js';

const MODULE_SECTIONS = new Set(['blog', 'news']);
const ARTICLE_KEYS = knownKeys(articleDataSchema);

/** Default `md` of an article: the nearest `blog`/`news` section up the tree, else `article`. */
export function defaultArticleModule(section: Section | undefined, index: SectionIndex): string {
  const seen = new Set<string>();
  let current = section;
  while (current && !seen.has(current.tx)) {
    if (MODULE_SECTIONS.has(current.tx)) return current.tx;
    seen.add(current.tx);
    current = current.par ? index.byTx.get(current.par) : undefined;
  }
  return 'article';
}

/** The `md` of each article: the `metaModule` option, else {@link defaultArticleModule}. */
export function articleModuleFor(
  metaModule: ArticlesLoaderOptions['metaModule'],
  index: SectionIndex,
): (article: Article) => string {
  return (article) => {
    const section = index.byId.get(article.catid);
    if (metaModule === undefined) return defaultArticleModule(section, index);
    return typeof metaModule === 'function' ? metaModule(article, section) : metaModule;
  };
}

/** What an article entry is built from besides the record. */
export interface ArticleEntryInput<S extends string> extends EntryInput {
  /** The article's section entry, `null` when the service has no such section. */
  section: EntryReference<S> | null;
}

/** Entry data and rendered body of an article. */
export function buildArticleEntry<S extends string>(
  article: Article,
  input: ArticleEntryInput<S>,
): { data: ArticleData<S>; rendered: { html: string } } {
  const txt = input.cleanHtml(article.txt);
  const data = {
    ...withExtra(article, ARTICLE_KEYS),
    stxt: input.cleanHtml(article.stxt),
    txt,
    section: input.section,
  } as ArticleData<S>;
  const seo = entrySeo(input, {
    title: article.zag,
    teaser: article.stxt,
    text: article.txt,
    url: article.url,
  });
  if (seo) data.seo = seo;
  return { data, rendered: { html: txt } };
}
