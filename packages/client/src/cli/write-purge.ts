/** The purge after a write from the command line: the pages written, on the site the environment names. */

import { PurgeError } from '../errors/purge-error.js';
import { plural } from '../meta-sync/format.js';
import type { WrittenPage } from '../purge/meta-purge.js';
import { type PurgeAfterWrite, purgeAfterMetaWrite, purgeAfterWrite } from '../purge/purge-after-write.js';
import type { PurgeTargets } from '../purge/purge-request.js';
import type { CliContext } from './context.js';

/** Purges the pages whose meta `meta push` wrote when the environment names the site; false when the purge failed. */
export async function purgeWritten(
  ctx: Pick<CliContext, 'client' | 'env'>,
  updated: readonly WrittenPage[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<boolean> {
  if (updated.length === 0) return true;
  return reportPurge(
    () => purgeAfterMetaWrite(ctx.client, updated, ctx.env),
    out,
    err,
    'the meta is written',
  );
}

/** Purges the pages `targets` names after a record write (`set`, `create`, `delete`); false when the purge failed. */
export async function purgeWrittenRecord(
  env: CliContext['env'],
  targets: () => Promise<PurgeTargets>,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<boolean> {
  return reportPurge(() => purgeAfterWrite(targets, env), out, err, 'the record is written');
}

async function reportPurge(
  purge: () => Promise<PurgeAfterWrite>,
  out: (text: string) => void,
  err: (text: string) => void,
  written: string,
): Promise<boolean> {
  try {
    const result = await purge();
    if (result.status === 'purged')
      out(`Purged ${plural(result.tags.length, 'cache tag')}: ${result.tags.join(', ')}\n`);
    if (result.status === 'off') out(`No purge: ${result.reason}.\n`);
    return true;
  } catch (error) {
    if (!(error instanceof PurgeError)) throw error;
    err(`${error.message}; ${written}, purge its pages with sitecontent purge.\n`);
    return false;
  }
}
