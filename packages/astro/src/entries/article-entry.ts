/** An article record as a collection entry, and its meta module (shared by the build-time and the live loader). */
import type { Article, Meta, Section } from '@sitecontent/client';
import type { ArticlesLoaderOptions } from '../options/loader-options.js';
import { sanitizeIf } from './sanitize.js';
import type { ArticleData } from './schemas.js';
import type { SectionIndex } from './section-index.js';
import { buildSeo, type MetaTags } from './seo.js';

const MODULE_SECTIONS = new Set(['blog', 'news']);

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

/** Entry data and rendered body of an article; `section` is its section's entry id (`tx`) or `null`. */
export function buildArticleEntry(
  article: Article,
  section: string | null,
  sanitize: boolean,
  seo: { meta: Meta | undefined; origin: string } | undefined,
): { data: ArticleData; rendered: { html: string } } {
  const txt = sanitizeIf(article.txt, sanitize);
  const data: ArticleData = { ...article, stxt: sanitizeIf(article.stxt, sanitize), txt, section };
  if (seo) {
    data.seo = buildSeo(
      { title: article.zag, teaser: article.stxt, text: article.txt, url: article.url },
      seo.meta as MetaTags | undefined,
      seo.origin,
    );
  }
  return { data, rendered: { html: txt } };
}
