/**
 * After the meta write-back, purges the pages it wrote on the site `SITECONTENT_SITE_URL` names, so
 * an on-demand site shows the new tags at once. A failed purge is a warning: the meta is written.
 */
import { isSiteContentError, type MetaWriteBackLogger, type MetaWriteBackResult } from '@sitecontent/client';
import {
  configEnv,
  PURGE_SITE_URL_ENV,
  PURGE_TOKEN_ENV,
  purgeAfterMetaWrite,
} from '@sitecontent/client/internal';
import type { Project } from '../../project/project.js';

/** The environment names this step reads (the integration also reads them from `.env`). */
export const PURGE_AFTER_WRITE_ENV = [PURGE_SITE_URL_ENV, PURGE_TOKEN_ENV] as const;

export async function purgeWrittenMeta(
  project: Project,
  result: Pick<MetaWriteBackResult, 'report'>,
  logger: MetaWriteBackLogger,
): Promise<void> {
  const written = result.report?.updated ?? [];
  if (written.length === 0) return;
  const env = configEnv({ files: project.settings.env }, PURGE_AFTER_WRITE_ENV);
  try {
    const purge = await purgeAfterMetaWrite(project.client('metaWriteBack'), written, env);
    if (purge.status === 'purged') logger.info(`meta write-back: purged ${purge.tags.join(', ')}`);
  } catch (error) {
    if (!isSiteContentError(error, 'purge_failed') && !isSiteContentError(error)) throw error;
    logger.warn(`meta write-back: the meta is written, but ${(error as Error).message}`);
  }
}
