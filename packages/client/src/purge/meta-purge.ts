/**
 * Which pages a meta write changed, as purge targets: `goods` meta is a product's page, `dir` a
 * section's (named by its `tx`, looked up by id), any other module an article's (`blog`, `news`,
 * `article`, or the module a site chose for its articles).
 */
import type { PurgeTargets } from './purge-request.js';

/** A page whose meta was written. */
export interface WrittenPage {
  md: string;
  id: number;
}

/** The purge targets of `pages`; `sectionTx` finds a section's `tx` (undefined: not purged). */
export async function purgeTargetsOfMeta(
  pages: readonly WrittenPage[],
  sectionTx: (id: number) => Promise<string | undefined>,
): Promise<PurgeTargets> {
  const products = pages.filter((p) => p.md === 'goods').map((p) => String(p.id));
  const articles = pages.filter((p) => p.md !== 'goods' && p.md !== 'dir').map((p) => String(p.id));
  const txs = await Promise.all(pages.filter((p) => p.md === 'dir').map((p) => sectionTx(p.id)));
  const sections = txs.filter((tx): tx is string => tx !== undefined);
  return { products, articles, sections };
}
