/** JSON-LD of an article page: an `Article` (or `BlogPosting`, `NewsArticle`, by the `articleType` option). */
import type { Article, WithContext } from 'schema-dts';
import { type ChangeTime, lastChanged } from '../entries/last-changed.js';
import { plainText } from '../entries/plain-text.js';
import type { ArticleData, Seo } from '../entries/schemas.js';
import { dataOf, type WithBody } from '../helpers/entry-data.js';
import { pageSeo } from '../seo-head/page-seo.js';
import { pageUrlOn } from './json-ld-urls.js';
import type { ResolvedStructuredDataOptions } from './options.js';
import { SCHEMA_ORG } from './schema-org.js';

/** The article fields the builder reads, as the articles loader stores them. */
export type ArticleSource = Pick<ArticleData, 'id' | 'zag' | 'stxt' | 'url' | 'dt'> & {
  seo?: Seo | undefined;
} & ChangeTime;

/**
 * An article page's JSON-LD. The interface gives an article no image of its own: `image` is its
 * meta `og_image` on the site when there is one.
 */
export function articleJsonLd(
  entry: WithBody<ArticleSource>,
  options: ResolvedStructuredDataOptions,
): WithContext<Article> {
  const article = dataOf(entry);
  const url = pageUrlOn(options.site, article.url, { collection: 'articles', id: article.id, field: 'url' });
  const { description, ogImage: image } = pageSeo(entry, options);
  const modified = lastChanged(article);
  return {
    '@context': SCHEMA_ORG,
    '@type': options.articleType,
    headline: plainText(article.zag),
    url,
    mainEntityOfPage: url,
    ...(description ? { description } : {}),
    ...(image ? { image: [image] } : {}),
    ...(article.dt ? { datePublished: article.dt.toISOString() } : {}),
    ...(modified ? { dateModified: modified.toISOString() } : {}),
  };
}
