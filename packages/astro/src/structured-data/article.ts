/** JSON-LD of an article page, its `@type` by meta module, the shop its publisher and author. */
import {
  type ArticleMetaModule,
  articleMetaModule,
  indexModuleSections,
  type ModuleSection,
} from '@sitecontent/client/internal';
import type { Article, WithContext } from 'schema-dts';
import { entryData, type WithBody, type WithData } from '../entries/entry-data.js';
import { type ChangeTime, lastChanged } from '../entries/last-changed.js';
import { plainText } from '../entries/plain-text.js';
import type { ArticleData, Seo } from '../entries/schemas.js';
import { pageSeo } from '../seo-head/page-seo.js';
import { pageUrlOn } from './json-ld-urls.js';
import type { ArticleType, ResolvedStructuredDataOptions } from './options.js';
import { SCHEMA_ORG } from './schema-org.js';
import { organizationNode } from './site.js';

/** The article fields the builder reads, as the articles loader stores them. */
export type ArticleSource = Pick<ArticleData, 'id' | 'zag' | 'stxt' | 'url' | 'dt' | 'catid'> & {
  seo?: Seo | undefined;
} & ChangeTime;

/** The section fields the article's module is found from, as the sections loader stores them. */
export type ArticleSectionSource = ModuleSection;

/** The type each meta module's article states. */
const TYPE_BY_MODULE: Record<ArticleMetaModule, ArticleType> = {
  blog: 'BlogPosting',
  news: 'NewsArticle',
  article: 'Article',
};

/** The `articleType` option, else by the article's meta module (`articleMetaModule`). */
function articleSchemaType(
  article: ArticleSource,
  sections: readonly WithData<ArticleSectionSource>[],
  options: ResolvedStructuredDataOptions,
): ArticleType {
  if (options.articleType !== undefined) return options.articleType;
  const index = indexModuleSections(sections.map((section) => entryData(section)));
  return TYPE_BY_MODULE[articleMetaModule(article, index)];
}

/**
 * An article page's JSON-LD. The interface gives no article image or author: `image` is the image its page
 * shares (`shareImage`), else its meta `og_image` on the site; and the shop (`organization`) is author and publisher.
 */
export function articleJsonLd(
  entry: WithBody<ArticleSource>,
  sections: readonly WithData<ArticleSectionSource>[],
  options: ResolvedStructuredDataOptions,
  shareImage?: string,
): WithContext<Article> {
  const article = entryData(entry);
  const url = pageUrlOn(options.site, article.url, { collection: 'articles', id: article.id, field: 'url' });
  const seo = pageSeo(entry, options);
  const { description } = seo;
  const image = shareImage ? new URL(shareImage, `${options.site}/`).href : seo.ogImage;
  const modified = lastChanged(article);
  const shop = options.organization && organizationNode(options.organization, options);
  return {
    '@context': SCHEMA_ORG,
    '@type': articleSchemaType(article, sections, options),
    headline: plainText(article.zag),
    url,
    mainEntityOfPage: url,
    ...(description ? { description } : {}),
    ...(image ? { image: [image] } : {}),
    ...(article.dt ? { datePublished: article.dt.toISOString() } : {}),
    ...(modified ? { dateModified: modified.toISOString() } : {}),
    ...(shop ? { author: shop, publisher: shop } : {}),
  };
}
