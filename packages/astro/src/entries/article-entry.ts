/** An article record as a collection entry (shared by the build-time and the live loader). */
import type { Article } from '@sitecontent/client';
import { BODY, knownKeys, withExtra } from './extra-fields.js';
import { pageUrl } from './page-url.js';
import { type ArticleData, articleDataSchema, type EntryReference } from './schemas.js';
import { type EntryInput, entrySeo } from './seo.js';
import { entryHtml } from './site-links.js';

const ARTICLE_KEYS = knownKeys(articleDataSchema);

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
  const html = entryHtml(input.cleanHtml, input.urlStyle, input.seo?.origin, input.moved);
  const txt = html(article.txt);
  const url = pageUrl(article.url, input.urlStyle);
  const data = {
    ...withExtra(article, ARTICLE_KEYS, BODY),
    stxt: html(article.stxt),
    section: input.section,
    url,
  } as ArticleData<S>;
  const seo = entrySeo(input, { url });
  if (seo) data.seo = seo;
  return { data, rendered: { html: txt } };
}
