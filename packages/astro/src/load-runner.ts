/**
 * The common `load()` of every collection loader: resolve the shared client, fetch everything,
 * apply the failure policies, then update the store incrementally and log what happened.
 */
import type { Section, SiteContentClient } from '@sitecontent/client';
import type { LoaderContext } from 'astro/loaders';
import { beginSync, recordLoaded, resolveConnection, type SyncScope, sharedClient } from './connection.js';
import { SiteContentInvalidRecordError, SiteContentLoadError } from './errors.js';
import { mapBounded, Progress } from './fan-out.js';
import type { CommonLoaderOptions } from './options.js';
import { LOADER_VERSION, type SyncItem, syncEntries } from './store-sync.js';

/** What the client reports for a record it skipped (structural view of `RecordValidationError`). */
interface InvalidRecordReport {
  message: string;
  operation?: string;
  recordId?: string | number | undefined;
  path?: string | readonly (string | number)[];
}

/** Call options handed to the client: collects invalid records and cancels on failure. */
export interface CallOptions {
  onInvalidRecord: (error: InvalidRecordReport) => void;
  signal?: AbortSignal;
}

export interface FetchContext {
  client: SiteContentClient;
  ctx: LoaderContext;
  /** Pass to every list call of records that become entries. */
  callOptions: CallOptions;
  /** Bounded fan-out with a progress line every 2 s. */
  fanOut<T, R>(
    label: string,
    items: readonly T[],
    fn: (item: T, signal: AbortSignal) => Promise<R>,
  ): Promise<R[]>;
  /**
   * Absolute origin of the site for canonical URLs: `config.site`, else `https://` +
   * `site/DomainDefault`, asked once per sync for all loaders (and reused for image URLs).
   */
  siteOrigin(): Promise<string>;
  /**
   * Every section (`dir/Get`), fetched once per sync for all loaders of the project. Invalid records
   * are left out and listed in `invalid`: the sections loader applies its `onInvalid` to them, the
   * others only use the sections to build URLs and relations.
   */
  sections(): Promise<SharedSections>;
}

export interface SharedSections {
  sections: Section[];
  invalid: InvalidRecordReport[];
}

export interface LoaderRun {
  /** Loader factory name for messages, e.g. `productsLoader`. */
  factory: string;
  options: CommonLoaderOptions;
  /** Options that shape entries; folded into every digest. */
  fingerprint: unknown;
  /** Fetches everything and returns the entries to store. Must not touch the store. */
  fetch(fc: FetchContext): Promise<SyncItem[]>;
}

async function resolveSiteOrigin(ctx: LoaderContext, client: SiteContentClient, sync: SyncScope) {
  const site = ctx.config.site;
  if (site) return new URL(site).origin;
  // Asked again once per sync; the client keeps the answer for its image URLs too. No call signal:
  // one loader failing must not cancel what the others wait for.
  return sync.shared('origin', () => client.site.origin({ refresh: true }));
}

function sharedSections(client: SiteContentClient, sync: SyncScope): Promise<SharedSections> {
  return sync.shared('sections', async () => {
    const invalid: InvalidRecordReport[] = [];
    const sections = await client.sections.list(undefined, { onInvalidRecord: (e) => invalid.push(e) });
    return { sections, invalid };
  });
}

function describeFailure(
  collection: string,
  error: unknown,
): { message: string; operation?: string; url?: string } {
  const e = error as { message?: unknown; operation?: unknown; url?: unknown };
  const operation = typeof e?.operation === 'string' && e.operation ? e.operation : undefined;
  const url = typeof e?.url === 'string' && e.url ? e.url : undefined;
  const text = typeof e?.message === 'string' ? e.message : String(error);
  const head = operation && !text.startsWith(operation) ? `${operation} failed: ${text}` : text;
  const tail = url && !text.includes(url) ? ` (${url})` : '';
  return {
    message: `${collection}: ${head}${tail}`,
    ...(operation ? { operation } : {}),
    ...(url ? { url } : {}),
  };
}

function fieldOf(report: InvalidRecordReport): string {
  const path = report.path;
  if (Array.isArray(path)) return path.map(String).join('.') || '(record)';
  return typeof path === 'string' && path ? path : '(record)';
}

function isRecordValidation(error: unknown): error is InvalidRecordReport & Error {
  return (error as { name?: unknown })?.name === 'RecordValidationError';
}

const MAX_SKIP_WARNINGS = 10;

export async function runLoad(ctx: LoaderContext, run: LoaderRun): Promise<void> {
  const connection = resolveConnection(ctx.collection, run.options, ctx.config.root);
  const client = sharedClient(connection, ctx.config.root, ctx.logger);
  // Synchronously, so every loader Astro starts together joins the same sync.
  const sync = beginSync(client);
  try {
    await loadWith(ctx, run, connection.concurrency, client, sync);
  } finally {
    sync.end();
  }
}

async function loadWith(
  ctx: LoaderContext,
  run: LoaderRun,
  concurrency: number,
  client: SiteContentClient,
  sync: SyncScope,
): Promise<void> {
  const { collection, logger } = ctx;
  const started = performance.now();
  const onInvalid = run.options.onInvalid ?? 'fail';
  logger.info(`${collection}: loading (sid ${client.sid})`);

  const invalid: InvalidRecordReport[] = [];
  const abort = new AbortController();
  const callOptions: CallOptions = {
    onInvalidRecord: (report) => invalid.push(report),
    signal: abort.signal,
  };
  const fc: FetchContext = {
    client,
    ctx,
    callOptions,
    fanOut: (label, items, fn) =>
      mapBounded(
        items,
        concurrency,
        (item, _index, signal) => fn(item, signal),
        new Progress(logger, `${collection}: ${label}`, items.length),
        abort.signal,
      ),
    siteOrigin: () => resolveSiteOrigin(ctx, client, sync),
    sections: () => sharedSections(client, sync),
  };

  let items: SyncItem[];
  try {
    items = await run.fetch(fc);
  } catch (error) {
    abort.abort();
    if (isRecordValidation(error) && onInvalid === 'fail') throw invalidRecordError(collection, error, 1);
    const failure = describeFailure(collection, error);
    const stale = ctx.store.keys().length;
    const policy = run.options.onError ?? (stale > 0 ? 'keep-stale' : 'fail');
    if (policy === 'fail') {
      throw new SiteContentLoadError(
        stale > 0 || run.options.onError === 'fail'
          ? failure.message
          : `${failure.message}; no entries from an earlier sync to keep`,
        { collection, operation: failure.operation, url: failure.url },
        { cause: error },
      );
    }
    logger.warn(`${failure.message}; keeping ${stale} entries from the previous sync`);
    rememberEntries(ctx, run);
    return;
  }
  const fetchedMs = performance.now() - started;

  if (invalid.length > 0) {
    if (onInvalid === 'fail') throw invalidRecordError(collection, invalid[0]!, invalid.length);
    for (const report of invalid.slice(0, MAX_SKIP_WARNINGS)) {
      logger.warn(`${collection}: skipping record ${String(report.recordId ?? '?')}: ${report.message}`);
    }
    if (invalid.length > MAX_SKIP_WARNINGS) {
      logger.warn(`${collection}: skipped ${invalid.length - MAX_SKIP_WARNINGS} more invalid records`);
    }
  }

  const counts = await syncEntries(ctx, items, {
    fingerprint: JSON.stringify([LOADER_VERSION, run.fingerprint]),
    onParseError: (id, error) => {
      const detail = error instanceof Error ? error.message : String(error);
      if (onInvalid === 'fail') {
        throw new SiteContentInvalidRecordError(
          `${collection}: record ${id} does not match the collection schema: ${detail}`,
          { collection, recordId: id, field: '(schema)' },
          { cause: error },
        );
      }
      logger.warn(`${collection}: skipping record ${id}: ${detail}`);
    },
  });
  const totalMs = performance.now() - started;
  logger.info(
    `${collection}: ${items.length} records in ${Math.round(totalMs)} ms (fetch ${Math.round(fetchedMs)} ms): ` +
      `${counts.written} written, ${counts.unchanged} unchanged, ${counts.removed} removed` +
      (invalid.length + counts.invalid > 0 ? `, ${invalid.length + counts.invalid} invalid skipped` : '') +
      (counts.fullReload ? ' (loader version changed: full reload)' : ''),
  );
  rememberEntries(ctx, run);
}

/** Hands the collection's entries, as stored, to the integration (for the meta write-back at build end). */
function rememberEntries(ctx: LoaderContext, run: LoaderRun): void {
  const kind = run.factory.replace(/Loader$/, '');
  const entries = ctx.store
    .values()
    .map((e) => ({ id: e.id, collection: ctx.collection, data: e.data as Record<string, unknown> }));
  recordLoaded(ctx.config.root, ctx.collection, kind, entries);
}

function invalidRecordError(
  collection: string,
  report: InvalidRecordReport,
  count: number,
): SiteContentInvalidRecordError {
  const recordId = String(report.recordId ?? '?');
  const field = fieldOf(report);
  const more = count > 1 ? ` (${count - 1} more invalid records)` : '';
  return new SiteContentInvalidRecordError(
    `${collection}: record ${recordId} is invalid at field ${field}: ${report.message}${more}. ` +
      `Set onInvalid: 'skip' to leave invalid records out.`,
    { collection, recordId, field },
    { cause: report },
  );
}
