/** After a meta write, purges the changed pages when the environment names the site and its purge token. */
import type { SectionsApi } from '../resources/sections.js';
import { purgeTargetsOfMeta, type WrittenPage } from './meta-purge.js';
import { namesAnything, PURGE_SITE_URL_ENV, PURGE_TOKEN_ENV, purgePages } from './purge-request.js';

export type PurgeAfterWrite =
  | { status: 'off'; reason: string }
  | { status: 'nothing' }
  | { status: 'purged'; tags: string[] };

/** Purges the pages of `written` when `env` names the site and token; a `PurgeError` when that fails. */
export async function purgeAfterMetaWrite(
  client: { sections: Pick<SectionsApi, 'list'> },
  written: readonly WrittenPage[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<PurgeAfterWrite> {
  const siteUrl = env[PURGE_SITE_URL_ENV];
  const token = env[PURGE_TOKEN_ENV];
  if (!siteUrl || !token) {
    return {
      status: 'off',
      reason: `set ${PURGE_SITE_URL_ENV} and ${PURGE_TOKEN_ENV} to purge the pages written`,
    };
  }
  const targets = await purgeTargetsOfMeta(
    written,
    async (id) => (await client.sections.list({ id }))[0]?.tx,
  );
  if (!namesAnything(targets)) return { status: 'nothing' };
  return { status: 'purged', tags: await purgePages({ siteUrl, token, targets }) };
}
