// The fault soak, shared by `npm run soak` (bench/soak.mjs) and the CI variant (test/soak.test.ts).
// One synthetic catalog is seeded once into a SQLite file and served twice by @sitecontent/emulator:
// fault-free, then with faults. A full load through the real loaders (sections, products, articles
// with SEO meta, and modifications) must produce deep-equal stores.
import diagnosticsChannel from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startEmulator } from '@sitecontent/emulator';
import { catalogFor } from './emulator-process.mjs';
import { createDataStore, snapshotStore } from './loader-context.mjs';
import { createOurLoaders, loadAll } from './ours.mjs';

export const COLLECTIONS = ['sections', 'products', 'articles', 'modifications'];

/**
 * The soak's fault mix, as per-request probabilities in the emulator: 10% 503s, 5% 429s (the
 * emulator's `throttleRate`, `Retry-After: 1`), 2% resets and 2% truncated bodies. The soak reports
 * the shares actually seen.
 */
export const SOAK_FAULTS = {
  failRate: 0.1,
  resetRate: 0.02,
  truncateRate: 0.02,
  throttleRate: 0.05,
  seed: 7,
};

/**
 * Retries per request for the soak (the integration's `retries` option; the client's default is 4).
 * With about 15% of attempts failing, 5 attempts leave ~0.15^5 ≈ 8e-5 of requests failed: a few
 * thousand requests would then fail the load every few runs. 9 attempts make that ~4e-8.
 */
export const SOAK_RETRIES = 8;

/**
 * Counts every attempt our client makes, by operation and outcome, from undici's diagnostics channels
 * (the loaders own their client, so the client's onRequest hook is not reachable from outside).
 */
function attemptRecorder(origin) {
  const byOp = {};
  const opOf = (request) => new URL(request.path, origin).pathname.replace(/^\/v1\//, '');
  const bump = (op, k) => {
    byOp[op] ??= { attempts: 0, ok: 0, status: {}, errors: 0 };
    if (k === 'attempts' || k === 'ok' || k === 'errors') byOp[op][k]++;
    else byOp[op].status[k] = (byOp[op].status[k] ?? 0) + 1;
  };
  const onCreate = ({ request }) => {
    if (String(request.origin).startsWith(origin)) bump(opOf(request), 'attempts');
  };
  const onHeaders = ({ request, response }) => {
    if (!String(request.origin).startsWith(origin)) return;
    const op = opOf(request);
    if (response.statusCode === 200) bump(op, 'ok');
    else bump(op, response.statusCode);
  };
  const onError = ({ request }) => {
    if (String(request.origin).startsWith(origin)) bump(opOf(request), 'errors');
  };
  diagnosticsChannel.subscribe('undici:request:create', onCreate);
  diagnosticsChannel.subscribe('undici:request:headers', onHeaders);
  diagnosticsChannel.subscribe('undici:request:error', onError);
  return {
    byOp,
    stop() {
      diagnosticsChannel.unsubscribe('undici:request:create', onCreate);
      diagnosticsChannel.unsubscribe('undici:request:headers', onHeaders);
      diagnosticsChannel.unsubscribe('undici:request:error', onError);
    },
  };
}

/** The shared client logs each retry as `<operation>: <reason>; retry N in M ms (...)`. */
function retriesFromLog(lines) {
  const byOp = {};
  for (const { level, message } of lines) {
    if (level !== 'warn') continue;
    const m = /^(\S+?): (.*); retry (\d+) in (\d+) ms/.exec(message);
    if (!m) continue;
    const [, op, reason, , delay] = m;
    byOp[op] ??= { retries: 0, reasons: {}, maxDelayMs: 0, maxRetry: 0 };
    byOp[op].retries++;
    byOp[op].maxRetry = Math.max(byOp[op].maxRetry, Number(m[3]));
    const kind = reason.replace(/\d{3}/, (s) => s).slice(0, 60);
    byOp[op].reasons[kind] = (byOp[op].reasons[kind] ?? 0) + 1;
    byOp[op].maxDelayMs = Math.max(byOp[op].maxDelayMs, Number(delay));
  }
  return byOp;
}

async function loadOnce(emu, collections, retries) {
  const project = await createOurLoaders({
    baseUrl: emu.url,
    key: emu.key,
    sid: emu.sid,
    collections,
    retries,
  });
  const recorder = attemptRecorder(emu.url);
  try {
    const r = await loadAll(project, createDataStore());
    return { ...r, attempts: recorder.byOp, retries: retriesFromLog(r.log) };
  } finally {
    recorder.stop();
  }
}

function firstDifference(a, b) {
  for (const c of Object.keys(a)) {
    const ka = Object.keys(a[c] ?? {});
    const kb = Object.keys(b[c] ?? {});
    if (ka.length !== kb.length) return `${c}: ${ka.length} entries fault-free vs ${kb.length} with faults`;
    for (const id of ka) {
      if (!isDeepStrictEqual(a[c][id], b[c]?.[id])) return `${c}/${id} differs`;
    }
  }
  return undefined;
}

/**
 * @param {{ products: number, faults?: object, collections?: string[], timeoutMs?: number,
 *   log?: (msg: string) => void }} opts
 */
export async function runSoak({
  products,
  retries = SOAK_RETRIES,
  faults = SOAK_FAULTS,
  collections = COLLECTIONS,
  timeoutMs = 300_000,
  log = () => {},
}) {
  const dir = mkdtempSync(join(tmpdir(), 'sitecontent-soak-'));
  const db = join(dir, 'catalog.db');
  const catalog = catalogFor(products, 11);
  const started = performance.now();
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`soak exceeded ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  const emulators = [];
  try {
    return await Promise.race([
      deadline,
      (async () => {
        const clean = await startEmulator({ port: 0, db, seed: { synthetic: catalog } });
        emulators.push(clean);
        log(`fault-free load of ${products} products…`);
        const a = await loadOnce(clean, collections, retries);
        const cleanStats = structuredClone(clean.stats);
        await clean.close();
        log(
          `fault-free: ${a.entries} entries, ${cleanStats.total} requests in ${(a.elapsedMs / 1000).toFixed(1)} s`,
        );

        // Same file, so the same catalog by construction; seeding is skipped for a non-empty site.
        const faulty = await startEmulator({ port: 0, db, seed: { synthetic: catalog }, faults });
        emulators.push(faulty);
        log(`load with faults ${JSON.stringify(faults)}…`);
        const b = await loadOnce(faulty, collections, retries).catch((err) => {
          const f = faulty.stats;
          err.message += ` [emulator: ${f.total} requests, faults ${JSON.stringify(f.faults)}, statuses ${JSON.stringify(f.byStatus)}]`;
          throw err;
        });
        const faultyStats = structuredClone(faulty.stats);
        await faulty.close();
        log(
          `with faults: ${b.entries} entries, ${faultyStats.total} requests in ${(b.elapsedMs / 1000).toFixed(1)} s`,
        );

        const snapA = snapshotStore(a.store, collections);
        const snapB = snapshotStore(b.store, collections);
        const equal = isDeepStrictEqual(snapA, snapB);
        return {
          products,
          catalog,
          faults,
          retriesAllowed: retries,
          equal,
          difference: equal ? undefined : firstDifference(snapA, snapB),
          entries: { clean: a.entries, faulty: b.entries },
          perCollection: b.perCollection,
          elapsedMs: { clean: a.elapsedMs, faulty: b.elapsedMs, total: performance.now() - started },
          server: { clean: cleanStats, faulty: faultyStats },
          attempts: { clean: a.attempts, faulty: b.attempts },
          retries: b.retries,
          warnings: b.log
            .filter((l) => l.level === 'warn' && !/; retry \d+ in/.test(l.message))
            .map((l) => l.message),
        };
      })(),
    ]);
  } finally {
    clearTimeout(timer);
    await Promise.allSettled(emulators.map((e) => e.close()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Per-operation table rows: logical requests, attempts, retries and faults seen. */
export function soakRows(result) {
  const ops = new Set([
    ...Object.keys(result.attempts.faulty),
    ...Object.keys(result.server.faulty.byOperation),
  ]);
  return [...ops].sort().map((op) => {
    const clean = result.attempts.clean[op]?.attempts ?? result.server.clean.byOperation[op] ?? 0;
    const f = result.attempts.faulty[op] ?? { attempts: 0, ok: 0, status: {}, errors: 0 };
    return {
      operation: op,
      requests: clean,
      attempts: f.attempts,
      serverAttempts: result.server.faulty.byOperation[op] ?? 0,
      retries: result.retries[op]?.retries ?? 0,
      maxRetry: result.retries[op]?.maxRetry ?? 0,
      s503: f.status[503] ?? 0,
      s429: f.status[429] ?? 0,
      brokenBodies: f.errors,
      reasons: result.retries[op]?.reasons ?? {},
    };
  });
}

export function soakMarkdown(result) {
  const rows = soakRows(result);
  const s = result.server.faulty;
  const pct = (n) => `${((100 * n) / s.total).toFixed(1)}%`;
  const out = [];
  out.push(
    `Catalog: ${result.catalog.products} products, ${result.catalog.sections} sections, ${result.catalog.articles} articles, ${result.catalog.modsPerProduct} modifications each. Faults: \`${JSON.stringify(result.faults)}\`; retries allowed per request: ${result.retriesAllowed} (client default 4, see SOAK_RETRIES).`,
  );
  out.push('');
  out.push(
    `Result: stores ${result.equal ? '**deep-equal**' : `**differ** (${result.difference})`}; ${result.entries.faulty} entries. Fault-free load ${(result.elapsedMs.clean / 1000).toFixed(1)} s, with faults ${(result.elapsedMs.faulty / 1000).toFixed(1)} s.`,
  );
  out.push('');
  out.push(
    `Faults injected by the emulator over ${s.total} requests: 503 ${s.faults.fail} (${pct(s.faults.fail)}), 429 ${s.faults.rateLimited} (${pct(s.faults.rateLimited)}), connection resets ${s.faults.reset} (${pct(s.faults.reset)}), truncated bodies ${s.faults.truncate} (${pct(s.faults.truncate)}).`,
  );
  out.push('');
  out.push(
    '| Operation | Requests (fault-free) | Attempts with faults | Retries (client log) | Most retries of one request | 503 | 429 | Reset/truncated | Attempts per request |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    out.push(
      `| ${r.operation} | ${r.requests} | ${r.attempts} | ${r.retries} | ${r.maxRetry} | ${r.s503} | ${r.s429} | ${r.brokenBodies} | ${r.requests ? (r.attempts / r.requests).toFixed(2) : '–'} |`,
    );
  }
  const total = rows.reduce(
    (a, r) => ({
      requests: a.requests + r.requests,
      attempts: a.attempts + r.attempts,
      retries: a.retries + r.retries,
    }),
    { requests: 0, attempts: 0, retries: 0 },
  );
  out.push(
    `| **all** | ${total.requests} | ${total.attempts} | ${total.retries} | | | | | ${(total.attempts / Math.max(1, total.requests)).toFixed(2)} |`,
  );
  out.push('');
  return out.join('\n');
}
