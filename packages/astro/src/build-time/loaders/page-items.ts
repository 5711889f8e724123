/** A build-time loader's pages as the sync's items (entries/page-kinds.ts says what each page is). */
import type { RecordPage } from '../../entries/page-kinds.js';
import type { FetchContext } from '../load-run/fetch-context.js';
import type { ItemSource } from '../staging/sync-item.js';

/** The items of `pages`, each once its meta is in (none asked with `seo` off); `origin` for canonicals. */
export function pageItems<R>(
  fc: Pick<FetchContext, 'itemsWithMeta'>,
  pages: readonly RecordPage<R>[],
  seo: boolean,
  origin: string,
): ItemSource {
  return fc.itemsWithMeta(
    pages,
    seo ? (page) => ({ record: page.record, md: page.metaModule(), id: page.recordId }) : undefined,
    (page, meta) => ({
      id: page.entryId,
      recordId: page.recordId,
      digestInputs: { ...page.digestInputs, meta, origin },
      html: page.html,
      build: (cleanHtml) => page.entry({ cleanHtml, seo: seo ? { meta, origin } : undefined }),
    }),
  );
}
