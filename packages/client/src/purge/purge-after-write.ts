/** After a write, purges the changed pages when the environment names the site and its purge token. */
import type { SectionsApi } from '../resources/sections.js';
import { purgeTargetsOfMeta, type WrittenPage } from './meta-purge.js';
import {
  namesAnything,
  PURGE_SITE_URL_ENV,
  PURGE_TOKEN_ENV,
  type PurgeTargets,
  purgePages,
} from './purge-request.js';

export type PurgeAfterWrite =
  | { status: 'off'; reason: string }
  | { status: 'nothing' }
  | { status: 'purged'; tags: string[] };

type Env = Readonly<Record<string, string | undefined>>;

/** Whether `env` names the site and its token, so a write is followed by a purge. */
export function purgeConfigured(env: Env): boolean {
  return Boolean(env[PURGE_SITE_URL_ENV] && env[PURGE_TOKEN_ENV]);
}

/**
 * Purges the pages `targets` names when `env` names the site and token; `targets` is asked only
 * then (it may read the service). A `PurgeError` when the purge fails.
 */
export async function purgeAfterWrite(
  targets: () => Promise<PurgeTargets>,
  env: Env,
): Promise<PurgeAfterWrite> {
  const siteUrl = env[PURGE_SITE_URL_ENV];
  const token = env[PURGE_TOKEN_ENV];
  if (!siteUrl || !token) {
    return {
      status: 'off',
      reason: `set ${PURGE_SITE_URL_ENV} and ${PURGE_TOKEN_ENV} to purge the pages written`,
    };
  }
  const named = await targets();
  if (!namesAnything(named)) return { status: 'nothing' };
  return { status: 'purged', tags: await purgePages({ siteUrl, token, targets: named }) };
}

/** Purges the pages of `written` when `env` names the site and token; a `PurgeError` when that fails. */
export async function purgeAfterMetaWrite(
  client: { sections: Pick<SectionsApi, 'list'> },
  written: readonly WrittenPage[],
  env: Env,
): Promise<PurgeAfterWrite> {
  return purgeAfterWrite(
    () => purgeTargetsOfMeta(written, async (id) => (await client.sections.list({ id }))[0]?.tx),
    env,
  );
}
