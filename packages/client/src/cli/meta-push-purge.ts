/** The purge after `sitecontent meta push`: the pages whose meta it wrote, on the site the environment names. */

import { PurgeError } from '../errors/purge-error.js';
import { plural } from '../meta-sync/format.js';
import type { WrittenPage } from '../purge/meta-purge.js';
import { purgeAfterMetaWrite } from '../purge/purge-after-write.js';
import type { CliContext } from './context.js';

/** Purges the written pages on the site when the environment names it; false when the purge failed. */
export async function purgeWritten(
  ctx: Pick<CliContext, 'client' | 'env'>,
  updated: readonly WrittenPage[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<boolean> {
  if (updated.length === 0) return true;
  try {
    const result = await purgeAfterMetaWrite(ctx.client, updated, ctx.env);
    if (result.status === 'purged')
      out(`Purged ${plural(result.tags.length, 'cache tag')}: ${result.tags.join(', ')}\n`);
    if (result.status === 'off') out(`No purge: ${result.reason}.\n`);
    return true;
  } catch (error) {
    if (!(error instanceof PurgeError)) throw error;
    err(`${error.message}; the meta is written, purge its pages with sitecontent purge.\n`);
    return false;
  }
}
