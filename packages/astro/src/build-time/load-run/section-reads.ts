/**
 * The catalog read section by section (catalog-read.ts): one `goods/Get?catid=` per `catid`, a few
 * ahead of the one being staged, so memory holds those few sections' answers, not the catalog's body.
 */
import type { Product } from '@sitecontent/client';
import type { FetchContext } from './fetch-context.js';

/** Sections read ahead of the one being staged: enough to keep requests going, few enough to hold. */
export const SECTION_READS_AHEAD = 4;

/** One section's answer: its `catid`, its body's digest, its products typed. */
export interface SectionAnswer {
  catid: number;
  bodyDigest: string;
  products: Product[];
}

/** The body digest of one section's products, without typing them (the conditional read's probe). */
export async function sectionBodyDigest(fc: Pick<FetchContext, 'client' | 'callOptions'>, catid: number) {
  const answer = await fc.client.products.read({ catid }, { signal: fc.callOptions.signal });
  return answer.bodyDigest;
}

/** One section's products, typed; invalid records go to the load's own (`onInvalid` applies). */
export async function readSection(
  fc: Pick<FetchContext, 'client' | 'callOptions'>,
  catid: number,
): Promise<SectionAnswer> {
  const answer = await fc.client.products.read({ catid }, fc.callOptions);
  const products = await answer.records(fc.callOptions);
  return { catid, bodyDigest: answer.bodyDigest, products };
}
