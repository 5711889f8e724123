/** A page's sitemap `<lastmod>` and JSON-LD `dateModified` must agree: a search engine reads both. */

/** Every `dateModified` the page's JSON-LD blocks state, top-level or in an `@graph`. */
function statedDates(jsonLd: readonly string[]): string[] {
  const dates: string[] = [];
  for (const block of jsonLd) {
    // Parsed again only where it can matter: the JSON-LD rules parse every block already.
    if (!block.includes('dateModified')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch {
      continue; // reported by the JSON-LD rules
    }
    const graph = (parsed as { '@graph'?: unknown })?.['@graph'];
    const nodes = [parsed, ...(Array.isArray(graph) ? graph : [])];
    for (const node of Array.isArray(parsed) ? parsed : nodes) {
      const date = (node as { dateModified?: unknown } | null)?.dateModified;
      if (typeof date === 'string') dates.push(date);
    }
  }
  return dates;
}

/** Why the page's `dateModified` and its sitemap `lastmod` disagree, or `undefined`. */
export function dateModifiedProblem(
  jsonLd: readonly string[],
  lastmod: string | undefined,
): string | undefined {
  for (const stated of statedDates(jsonLd)) {
    if (lastmod === undefined) return `JSON-LD dateModified ${stated}, but the sitemap gives no <lastmod>`;
    if (Date.parse(stated) !== Date.parse(lastmod)) {
      return `sitemap <lastmod> ${lastmod} is not the JSON-LD dateModified ${stated}`;
    }
  }
  return undefined;
}
