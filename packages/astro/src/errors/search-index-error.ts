import { SiteContentAstroError } from './astro-error.js';

/** Pagefind refused a record or could not write the search index; `problems` are its own words. */
export class SiteContentSearchIndexError extends SiteContentAstroError {
  override name = 'SiteContentSearchIndexError';
  /** Where the index was to be written. */
  readonly outputPath: string;
  readonly problems: readonly string[];

  constructor(outputPath: string, problems: readonly string[], options?: { cause?: unknown }) {
    super(
      'search_index_failed',
      `search index (${outputPath}): ${problems.length} problem${problems.length === 1 ? '' : 's'}, first: ${problems[0]}`,
      options,
    );
    this.outputPath = outputPath;
    this.problems = problems;
  }
}
