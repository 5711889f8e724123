/** Product sitemap files sit beside the index, named by section and part: `/sitemap-products-<section id>-<n>.xml`. */

/** The path of file `n` (from 1) of section `sectionId`, beside the index at `indexPath`. */
export function sitemapFilePath(indexPath: string, sectionId: number, n: number): string {
  return `${indexPath.replace(/\.xml$/, '')}-${sectionId}-${n}.xml`;
}

/** The route pattern of the files beside the index at `indexPath`. */
export const sitemapFilePattern = (indexPath: string): string =>
  `${indexPath.replace(/\.xml$/, '')}-[file].xml`;

/** `<section id>-<n>` of a file's name, or `undefined` for a name no file has. */
export function parseFileParam(param: string | undefined): { sectionId: number; n: number } | undefined {
  const found = /^([1-9][0-9]{0,15})-([1-9][0-9]{0,5})$/.exec(param ?? '');
  return found ? { sectionId: Number(found[1]), n: Number(found[2]) } : undefined;
}
