/** The pages a meta write changed as purge targets: `goods` a product, `dir` a section (by `tx`), else an article. */
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
