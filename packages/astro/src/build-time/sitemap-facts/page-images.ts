/**
 * The images a built product page names to search engines: its `Product` / `ProductGroup` JSON-LD
 * `image`, read from the page's file at `astro:build:done`. The image sitemap names the same files
 * (the raster ones a page made through astro:assets), never others.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { productNodes } from '../seo-check/json-ld-check.js';
import { type OutputLayout, pageFileCandidates } from '../seo-check/page-file.js';
import { readPageHead } from '../seo-check/page-head.js';

/** The `image` URLs of the first product node in a page's JSON-LD blocks; `undefined` without one. */
function productImagesIn(blocks: readonly string[]): string[] | undefined {
  for (const node of productNodes(blocks)) {
    const images = Array.isArray(node.image) ? node.image : node.image === undefined ? [] : [node.image];
    return images.filter((image): image is string => typeof image === 'string');
  }
  return undefined;
}

/** The JSON-LD images of the pages at `paths` (page path keys), where the build wrote a page naming some. */
export function pageSearchImages(
  outDir: string,
  layout: OutputLayout,
  paths: Iterable<string>,
): Map<string, string[]> {
  const images = new Map<string, string[]>();
  for (const key of paths) {
    const file = pageFileCandidates(`${key}/`, layout)
      .map((candidate) => path.join(outDir, candidate))
      .find((candidate) => existsSync(candidate));
    if (file === undefined) continue;
    const named = productImagesIn(readPageHead(readFileSync(file, 'utf8')).jsonLd);
    if (named !== undefined && named.length > 0) images.set(key, named);
  }
  return images;
}
