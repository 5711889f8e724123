/** Every collection loader's `load()`: open, fetch while staging, decide (load-decision.ts), commit or keep, log. */

import type { SiteContentClient } from '@sitecontent/client';
import type { LoaderContext } from 'astro/loaders';
import type { CommonLoaderSettings } from '../../options/loader-shapes.js';
import { noteServiceHtml, projectAt } from '../../project/open-projects.js';
import type { Project } from '../../project/project.js';
import type { SyncScope } from '../../project/sync-scope.js';
import type { StageResult } from '../staging/stage-entries.js';
import { stageEntries } from '../staging/stage-entries.js';
import { checkStoreCeiling, storeCeiling, writesOneFile } from '../staging/store-ceiling.js';
import { LOADER_VERSION, type SyncSource, setMetaIfChanged } from '../staging/sync-item.js';
import { AnswerRecord } from './answer-record.js';
import { commitEntries, summaryLine } from './commit-load.js';
import { type FetchContext, makeFetchContext } from './fetch-context.js';
import { INVALID_RECORDS_TO_FAIL, InvalidRecords } from './invalid-records.js';
import { decideLoad } from './load-decision.js';
import { openMetaLookup } from './meta-lookup.js';
import { keepStale, noteSynced, recordEntries } from './report-load.js';
import { recordUrlHistory } from './url-history-record.js';
import { noticingWarnings } from './warnings-noted.js';

/**
 * The deadline of a whole-catalog `goods/Get` when the site sets no `timeoutMs`: the client's own
 * attempt time. One attempt, not retried: past it the products loader reads section by section.
 */
const WHOLE_CATALOG_MS = 30_000;

export interface LoaderRun {
  /** Loader kind for the build record: `products`, `sections`, … */
  kind: string;
  options: CommonLoaderSettings;
  /** Options that shape entries; folded into every digest. */
  fingerprint: unknown;
  /** Whether HTML fields are sanitized: the `sanitize` option; `false` for loaders whose records hold no HTML. */
  sanitize: boolean;
  /** The loader's own meta cache `maxAge` (ms), if it sets one; else the project's `metaMaxAge`. */
  metaMaxAge?: number | undefined;
  /** Fetches the items to store, or a stream the sync builds entries from as they arrive; never touches the store. */
  fetch(fc: FetchContext): Promise<SyncSource>;
}

export async function runLoad(ctx: LoaderContext, run: LoaderRun): Promise<void> {
  const project = projectAt(ctx.config.root);
  project.adoptLogger(ctx.logger);
  // Whatever the load decides, the store then holds the entries the pages show.
  noteServiceHtml(ctx.collection, () => ctx.store.values());
  const client = project.client(ctx.collection, run.options);
  // Synchronously, so every loader Astro starts together joins the same sync.
  const sync = project.beginSync(client);
  try {
    await load(ctx, run, { project, client, sync });
  } finally {
    sync.end();
  }
}

interface LoadScope {
  project: Project;
  client: SiteContentClient;
  sync: SyncScope;
}

async function load(
  astroCtx: LoaderContext,
  run: LoaderRun,
  { project, client, sync }: LoadScope,
): Promise<void> {
  const startedAt = performance.now();
  const fingerprint = JSON.stringify([LOADER_VERSION, run.fingerprint]);
  const answers = new AnswerRecord(astroCtx, fingerprint);
  const ctx = noticingWarnings(astroCtx, () => answers.warned());
  const { onInvalid } = run.options;
  ctx.logger.info(`${ctx.collection}: loading (sid ${client.sid})`);
  const invalid = new InvalidRecords(onInvalid === 'fail' ? INVALID_RECORDS_TO_FAIL : undefined);
  const abort = new AbortController();
  const meta = await openMetaLookup(ctx, run.metaMaxAge, project.settings);
  // The fan-outs keep as many calls going as the limit may grow to: it only grows while fully used.
  const concurrency = client.stats().maxConcurrency;
  const remembered = new Map<string, string>();
  const wholeCatalogMs = project.settings.client.timeoutMs ?? WHOLE_CATALOG_MS;
  const parts = { ctx, client, sync, invalid, abort, meta, answers, concurrency, remembered, wholeCatalogMs };
  const fc = makeFetchContext(parts);

  const result = await stageEntries(ctx, run.fetch(fc), { fingerprint, sanitize: run.sanitize });
  // A failed fetch stops the load's other requests.
  if (!result.ok) abort.abort();
  try {
    await finishLoad(ctx, run, { project, client, startedAt, invalid, meta, answers, remembered }, result);
  } catch (error) {
    // Staging wrote new ids ahead (staging.ts): a load that does not commit takes them back.
    if (result.ok) result.staged.discard();
    throw error;
  }
}

/** What deciding and committing a staged load needs of it. */
interface FinishScope {
  project: Project;
  client: SiteContentClient;
  startedAt: number;
  invalid: InvalidRecords;
  meta: Awaited<ReturnType<typeof openMetaLookup>>;
  answers: AnswerRecord;
  remembered: ReadonlyMap<string, string>;
}

/** Decides the staged load (load-decision.ts): fail, keep the stale entries, or commit and log. */
async function finishLoad(
  ctx: LoaderContext,
  run: LoaderRun,
  { project, client, startedAt, invalid, meta, answers, remembered }: FinishScope,
  result: StageResult,
): Promise<void> {
  const { onInvalid } = run.options;

  const decision = decideLoad(
    {
      collection: ctx.collection,
      sid: client.sid,
      ...(result.ok ? {} : { failure: { error: result.fetchError } }),
      items: result.ok ? result.staged.items : 0,
      invalid,
      stored: () => ctx.store.keys().length,
    },
    run.options,
  );
  if (decision.action === 'fail') throw decision.error;
  if (decision.action === 'keep-stale') {
    if (result.ok) result.staged.discard();
    keepStale(ctx, project, run.kind, decision.warning, startedAt);
    recordUrlHistory(ctx, project, run.kind, 'stale');
    return;
  }

  for (const warning of decision.warnings) ctx.logger.warn(warning);
  // A failed fetch is never decided as a commit.
  const { staged } = result as Extract<StageResult, { ok: true }>;
  // Before the store holds them: past the single-file store's ceiling the build would crash writing it.
  if (writesOneFile(ctx.config))
    checkStoreCeiling(ctx.collection, staged, storeCeiling(project.settings.env));
  const counts = commitEntries(ctx, staged, onInvalid);
  meta.commit();
  answers.commit();
  for (const [key, value] of remembered) setMetaIfChanged(ctx.meta, key, value);
  const tally = {
    items: staged.items,
    invalid: invalid.count,
    metaReused: meta.reused,
    startedAt,
    fetchedAt: staged.fetchedAt,
  };
  ctx.logger.info(summaryLine(ctx.collection, counts, tally));
  noteSynced(ctx, project, counts, tally);
  recordEntries(ctx, project, run.kind);
  recordUrlHistory(ctx, project, run.kind, counts.keptStored ? 'kept' : 'complete');
}
