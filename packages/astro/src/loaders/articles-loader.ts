import type { Article, Meta, Section } from '@sitecontent/client';
import type { Loader } from 'astro/loaders';
import { runLoad } from '../load-runner.js';
import {
  articlesOptionsSchema,
  type CommonLoaderOptions,
  type HtmlOptions,
  type SeoOptions,
  validateOptions,
} from '../options.js';
import { type ArticleData, articleDataSchema } from '../schemas.js';
import { buildSeo, type MetaTags } from '../seo.js';
import { catalogFilter, html, indexSections, optionFingerprint, type SectionIndex } from './shared.js';

export interface ArticlesLoaderOptions extends CommonLoaderOptions, HtmlOptions, SeoOptions {
  /** Only articles of the section with this id (`article/Get` `catid`). */
  catid?: number;
  /** Only articles of the section with this `tx` (`article/Get` `cattx`). */
  cattx?: string;
  /** Leave out articles with `shw` = 0 (not displayed). @default true */
  onlyVisible?: boolean;
  /**
   * `md` module for `meta/Get`: a fixed string or a function of the article and its section.
   * @default `'blog'` or `'news'` when the article's section (or an ancestor) has that `tx`, else `'article'`
   */
  metaModule?: string | ((article: Article, section: Section | undefined) => string);
}

export const ARTICLES_LOADER_NAME = 'sitecontent-articles';

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

/** Entry data and rendered body of an article (shared by the build-time and the live loader). */
export function buildArticleEntry(
  article: Article,
  section: string | null,
  sanitize: boolean,
  seo: { meta: Meta | undefined; origin: string } | undefined,
): { data: ArticleData; rendered: { html: string } } {
  const txt = html(article.txt, sanitize);
  const data: ArticleData = { ...article, stxt: html(article.stxt, sanitize), txt, section };
  if (seo) {
    data.seo = buildSeo(
      { title: article.zag, teaser: article.stxt, text: article.txt, url: article.url },
      seo.meta as MetaTags | undefined,
      seo.origin,
    );
  }
  return { data, rendered: { html: txt } };
}

/**
 * Articles (`article/Get`). Entry id: `String(id)`. `data.section` is the entry id (`tx`) of the
 * article's section (from `catid`), `null` when unknown. `txt` is the rendered body.
 */
export function articlesLoader(options: ArticlesLoaderOptions = {}) {
  const opts = validateOptions('articlesLoader', articlesOptionsSchema, options) as ArticlesLoaderOptions;
  const onlyVisible = opts.onlyVisible ?? true;
  const sanitize = opts.sanitize ?? true;
  const seo = opts.seo ?? false;
  const metaModule = opts.metaModule;
  return {
    name: ARTICLES_LOADER_NAME,
    schema: articleDataSchema,
    load: (ctx) =>
      runLoad(ctx, {
        factory: 'articlesLoader',
        options: opts,
        fingerprint: [onlyVisible, sanitize, seo, optionFingerprint(metaModule)],
        async fetch({ client, callOptions, fanOut, siteOrigin, sections }) {
          const filter = catalogFilter(opts);
          const [all, shared, origin] = await Promise.all([
            client.articles.list(filter, callOptions),
            // Sections only give relations and meta modules; invalid ones are the sections loader's concern.
            sections(),
            seo ? siteOrigin() : Promise.resolve(''),
          ]);
          const articles = onlyVisible ? all.filter((a) => a.shw) : all;
          const index = indexSections(shared.sections);
          const sectionOf = (a: Article) => index.byId.get(a.catid);
          const moduleFor = articleModuleFor(metaModule, index);
          const metas: (Meta | undefined)[] = seo
            ? await fanOut('meta', articles, (a, signal) => client.meta.get(moduleFor(a), a.id, { signal }))
            : [];
          return articles.map((article, i) => {
            const meta = metas[i];
            const section = sectionOf(article)?.tx ?? null;
            return {
              id: String(article.id),
              source: { r: article, s: section, m: meta, o: origin },
              build: () => buildArticleEntry(article, section, sanitize, seo ? { meta, origin } : undefined),
            };
          });
        },
      }),
  } satisfies Loader;
}
