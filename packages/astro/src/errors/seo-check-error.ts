import { SiteContentAstroError } from './astro-error.js';

/** A page the SEO check found at fault: an `error` fails a `'fail'` build, a `warning` is logged. */
export interface SeoCheckProblem {
  /** The file under the output directory, e.g. `catalog/phones/1/index.html`. */
  page: string;
  reason: string;
  severity: 'error' | 'warning';
}

/** `seoCheck: 'fail'` found errors in the built site; `problems` names each page and reason. */
export class SiteContentSeoCheckError extends SiteContentAstroError {
  override name = 'SiteContentSeoCheckError';
  readonly pages: number;
  readonly problems: readonly SeoCheckProblem[];

  constructor(pages: number, problems: readonly SeoCheckProblem[]) {
    super(
      'seo_check_failed',
      `seo check: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${pages} pages ` +
        `(first: ${problems[0]?.page}: ${problems[0]?.reason})`,
    );
    this.pages = pages;
    this.problems = problems;
  }
}
