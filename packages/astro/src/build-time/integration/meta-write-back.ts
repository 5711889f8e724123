/**
 * Build-time meta write-back at `astro:build:done`, through the client's `runMetaWriteBack`
 * (packages/client/META.md). The entries come from the build record (project/build-record.ts), not
 * from Astro's `data-store.json`: that would need Astro internals, and would not say which loader
 * filled a collection.
 */
import { rm, writeFile } from 'node:fs/promises';
import {
  isSiteContentError,
  type MetaWriteBackLogger,
  type MetaWriteBackResult,
  runMetaWriteBack,
} from '@sitecontent/client';
import { requestEnv, WRITE_ENV, writeRequested } from '@sitecontent/client/internal';
import type { MetaWriteBackEntries, MetaWriteBackOption } from '../../options/meta-write-back-options.js';
import type { Project } from '../../project/project.js';
import { META_WRITTEN_FILE, type WrittenMeta } from '../load-run/meta-cache.js';
import { purgeWrittenMeta } from './purge-written-meta.js';

/** The environment variable that turns the dry run into a write (`SITECONTENT_WRITE=1`), the CLI's gate too. */
export const META_WRITE_ENV = WRITE_ENV;

/** Leaves what was written for the next sync's meta cache, so pages show it without asking again. */
export async function recordWrittenMeta(
  cacheDir: URL,
  result: Pick<MetaWriteBackResult, 'plan' | 'report'>,
): Promise<void> {
  const file = new URL(META_WRITTEN_FILE, cacheDir);
  const updated = new Set(result.report?.updated.map((page) => `${page.md}:${page.id}`) ?? []);
  const pages: WrittenMeta['pages'] = result.plan.entries
    .filter((entry) => updated.has(`${entry.md}:${entry.id}`))
    .map((entry) => ({
      md: entry.md,
      id: entry.id,
      values: Object.fromEntries(entry.changes.map((change) => [change.field, change.to])),
    }));
  if (pages.length === 0) {
    await rm(file, { force: true });
    return;
  }
  await writeFile(file, JSON.stringify({ at: Date.now(), pages } satisfies WrittenMeta));
}

/** Runs the write-back and records what it wrote, also when some pages failed. */
export async function runBuildMetaWriteBack(
  project: Project,
  cacheDir: URL,
  option: MetaWriteBackOption,
  logger: MetaWriteBackLogger,
): Promise<MetaWriteBackResult> {
  try {
    const result = await writeBack(project, option, logger);
    await recordWrittenMeta(cacheDir, result);
    await purgeWrittenMeta(project, result, logger);
    return result;
  } catch (error) {
    if (isSiteContentError(error, 'meta_write_back_failed')) await recordWrittenMeta(cacheDir, error);
    throw error;
  }
}

async function writeBack(project: Project, option: MetaWriteBackOption, logger: MetaWriteBackLogger) {
  const record = project.buildRecord;
  const loadedEntries = (kind: string) => record?.loadedEntries(kind) ?? [];
  const entries = {
    products: loadedEntries('products'),
    sections: loadedEntries('sections'),
    articles: loadedEntries('articles'),
  } as unknown as MetaWriteBackEntries;
  // From the process environment only, never from a `.env` file (docs: guides/meta-write-back.md).
  const write = writeRequested(requestEnv([META_WRITE_ENV]));
  const loaded = entries.products.length + entries.sections.length + entries.articles.length;
  if (loaded === 0) {
    logger.warn(
      'meta write-back: no products, sections or articles were loaded by @sitecontent/astro loaders',
    );
  }
  logger.info(
    `meta write-back (${write ? 'write' : 'dry run'}): desired meta from ${entries.products.length} products, ` +
      `${entries.sections.length} sections, ${entries.articles.length} articles`,
  );
  const desired = await option.desired(entries);
  const client = project.client('metaWriteBack');
  return runMetaWriteBack({
    client,
    desired,
    write,
    logger,
    dryRunHint: `set ${META_WRITE_ENV}=1 to apply them`,
    ...(option.concurrency === undefined ? {} : { concurrency: option.concurrency }),
    ...(option.failOnError === undefined ? {} : { failOnError: option.failOnError }),
  });
}
