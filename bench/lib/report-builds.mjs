// The first table of bench/report.md and its companions: whole builds of the bench site.
import { astroShareMs, CONFIG_LABELS, ok, PHASES, pairRatios, stat } from './build-facts.mjs';
import { fmtMB, fmtMs, fmtRange, summarize } from './stats.mjs';

const fx = (x, d = 2) => (Number.isFinite(x) ? `${x.toFixed(d)}×` : '–');
const n = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en') : '–');
const ratioCell = (s) =>
  s.n === 0 ? '–' : s.n === 1 ? fx(s.median) : `${fx(s.median)} (${fx(s.min)}–${fx(s.max)})`;
const LOADER_NAMES = { ours: 'ours', chunks: 'chunks-of-32', naive: 'naive' };

/** "a / b" of the runs' values when they differ, else the one value. */
function values(runs, pick) {
  const xs = ok(runs).map(pick);
  if (!xs.length) return '–';
  return new Set(xs).size === 1 ? n(xs[0]) : xs.map(n).join(' / ');
}

export function rebuildsSection(results, p) {
  const rb = results.rebuilds;
  if (!rb) return;
  const cat = results.meta.catalogs?.[rb.size];
  p(`## Builds: ${n(rb.size)} products, ${rb.latencyMs} ms per request, unlimited capacity`);
  p();
  p(
    `A whole \`astro build\` of the bench site (\`bench/site/\`: one product page per product, with its SEO head) in a fresh process per build. The catalog: ${n(cat?.products)} products (${n(ok(rb.configs.plain?.ours?.cold)[0]?.loader?.records)} of them visible, so that many pages), ${n(cat?.sections)} sections. Each rebuild keeps the cache folder of the build before it; ${rb.changed.length ? `the 1% change renames ${[...new Set(rb.changed)].join('/')} products through \`goods/Set\`` : ''}. Wall time is Astro's \`build()\` from start to finish (process start and imports not included).`,
  );
  p();
  p(
    '| Scenario | Astro config | Loader | Wall time | chunks-of-32 ÷ ours (pairs) | Requests | Pages rendered / reused | Peak RSS |',
  );
  p('|---|---|---|---|---:|---:|---:|---:|');
  for (const [phase, label] of PHASES) {
    for (const config of Object.keys(rb.configs)) {
      const c = rb.configs[config];
      const labels = CONFIG_LABELS[config] ?? {};
      const loaders = /** @type {[string, any[] | undefined][]} */ ([
        ['ours', c.ours?.[phase]],
        ['chunks', c.chunks?.[phase]],
      ]);
      if (phase === 'cold' && config === 'plain') loaders.push(['naive', rb.naive?.cold]);
      for (const [loader, runs] of loaders) {
        if (!runs?.length) continue;
        const ratio = loader === 'ours' ? ratioCell(pairRatios(c.chunks?.[phase], runs)) : '';
        const naiveRatio =
          loader === 'naive' ? `naive ÷ ours ${fx(stat(runs).median / stat(c.ours?.cold).median, 1)}` : '';
        p(
          `| ${label} | ${labels.config ?? config} | ${LOADER_NAMES[loader]}${loader === 'naive' ? '' : `, ${labels[loader] ?? ''}`} | ${fmtRange(stat(runs))} | ${ratio || naiveRatio} | ${values(runs, (r) => r.requests.total)} | ${values(runs, (r) => r.rendered)} / ${values(runs, (r) => r.reused)} | ${fmtRange(
            stat(runs, (r) => r.peakRss),
            fmtMB,
          )} |`,
        );
      }
    }
  }
  p();
  if (rb.naive?.cold?.length === 1 && rb.runs > 1)
    p(
      `The naive loader's cold build ran once (the others ${rb.runs} times each): at ${rb.latencyMs} ms it sends one request after the other, which takes minutes. Its work was not reduced.`,
    );
  p();
  p('Requests per operation, first run of each:');
  p();
  for (const config of Object.keys(rb.configs)) {
    for (const loader of ['ours', 'chunks']) {
      for (const [phase, label] of PHASES) {
        const r = ok(rb.configs[config][loader]?.[phase])[0];
        if (!r) continue;
        const ops = Object.entries(r.requests.byOperation ?? {})
          .map(([k, v]) => `${k} ${n(v)}`)
          .join(', ');
        p(`- ${config}, ${LOADER_NAMES[loader]}, ${label}: ${ops || 'none'}`);
      }
    }
  }
  p();
  phasesSection(results, p);
}

/** Where each build's time went: the loader, the rest of the content sync, pages, the rest. */
function phasesSection(results, p) {
  const rb = results.rebuilds;
  p('### Where the time goes');
  p();
  p(
    "Medians, from Astro's log: the products loader's own line (`products: N records in X ms`), the content sync with type generation (`[types] Generated`), page generation (`generating static routes … Completed in`: rendering pages, or restoring them from the incremental cache), and the rest (Vite's bundling, start and finish). \"Astro's own work\" is everything but the loader: what a loader that took no time would still cost.",
  );
  p();
  p(
    "| Scenario | Config | Loader | Wall time | Products loader | Sync + types (incl. loader) | Page generation | Astro's own work | Requests in flight p50 / peak |",
  );
  p('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const [phase, label] of PHASES) {
    for (const config of Object.keys(rb.configs)) {
      for (const loader of ['ours', 'chunks']) {
        const runs = rb.configs[config][loader]?.[phase];
        if (!ok(runs).length) continue;
        const med = (pick) => summarize(ok(runs).map(pick)).median;
        p(
          `| ${label} | ${config} | ${LOADER_NAMES[loader]} | ${fmtMs(med((r) => r.elapsedMs))} | ${fmtMs(med((r) => r.loader?.loadMs))} | ${fmtMs(med((r) => r.phases?.syncMs))} | ${fmtMs(med((r) => r.phases?.pagesMs))} | ${fmtMs(med(astroShareMs))} | ${n(med((r) => r.client?.p50))} / ${n(med((r) => r.client?.peak))} |`,
        );
      }
    }
  }
  const naive = ok(rb.naive?.cold)[0];
  if (naive)
    p(
      `| cold build (empty cache) | plain | naive | ${fmtMs(naive.elapsedMs)} | ${fmtMs(naive.loader?.loadMs)} | ${fmtMs(naive.phases?.syncMs)} | ${fmtMs(naive.phases?.pagesMs)} | ${fmtMs(astroShareMs(naive))} | ${n(naive.client?.p50)} / ${n(naive.client?.peak)} |`,
    );
  p();
}

export function capacitySection(results, p) {
  const cap = results.capacity;
  const rb = results.rebuilds;
  if (!cap && !rb) return;
  p(
    `## Emulator capacity: cold builds, ${n(cap?.size ?? rb?.size)} products, ${cap?.latencyMs ?? rb?.latencyMs} ms`,
  );
  p();
  p(
    'The emulator\'s capacity mode serves at most N requests at once and queues the rest (packages/emulator/README.md), like a service with N workers: past N, more requests in flight only lengthen the queue. Ours\' limit starts at 32 and adapts up to 64 (`siteContent()` defaults); the chunks-of-32 loader always has 32 in flight. "In flight" is counted in the build process from undici\'s diagnostics channels, sampled every 10 ms while any request is open (so p50 is where the limit sat for most of the fan-out); "in service" and "waiting" are the emulator\'s own peaks.',
  );
  p();
  p(
    '| Capacity | Loader | Wall time | chunks-of-32 ÷ ours (pairs) | Products loader | In flight p50 / p90 / peak | Peak in service / waiting | Peak RSS |',
  );
  p('|---|---|---:|---:|---:|---:|---:|---:|');
  const rows = [...(cap?.rows ?? [])];
  if (rb?.configs?.plain)
    rows.push({
      capacity: 'unlimited',
      ours: rb.configs.plain.ours?.cold,
      chunks: rb.configs.plain.chunks?.cold,
      fromMain: true,
    });
  for (const row of rows) {
    for (const loader of ['ours', 'chunks']) {
      const runs = row[loader];
      if (!ok(runs).length) continue;
      const med = (pick) => summarize(ok(runs).map(pick)).median;
      p(
        `| ${row.capacity}${row.fromMain ? ' (the builds above)' : ''} | ${LOADER_NAMES[loader]} | ${fmtRange(stat(runs))} | ${loader === 'ours' ? ratioCell(pairRatios(row.chunks, runs)) : ''} | ${fmtMs(med((r) => r.loader?.loadMs))} | ${n(med((r) => r.client?.p50))} / ${n(med((r) => r.client?.p90))} / ${n(med((r) => r.client?.peak))} | ${n(med((r) => r.service?.peakInService))} / ${n(med((r) => r.service?.peakWaiting))} | ${fmtMB(med((r) => r.peakRss))} |`,
      );
    }
  }
  p();
  const latency = cap?.latencyMs ?? rb?.latencyMs;
  const reqs = ok(rb?.configs?.plain?.ours?.cold)[0]?.requests?.byOperation?.['meta/Get'];
  if (latency && reqs) {
    const floors = [16, 32, 64].map((c) => `${fmtMs((reqs * latency) / c)} at ${c}`).join(', ');
    p(
      `Floors: ${n(reqs)} meta/Get × ${latency} ms ÷ requests served at once = ${floors}. At capacity 16 no loader can beat the first, however many requests it keeps open; above the capacity, extra requests only queue.`,
    );
    p();
  }
}

export function syncSection(results, p) {
  const sync = results.sync;
  if (!sync) return;
  p(`## ${n(sync.size)}-product sync and \`experimental.collectionStorage: 'chunked'\``);
  p();
  p(
    `\`astro sync\` (content only: the data store and types, no pages) of ${n(sync.size)} products at 0 ms, into an empty cache folder (cold)${sync.phases?.includes('again') ? ', then again with nothing changed (again)' : ''}; ${sync.runs} run${sync.runs > 1 ? 's' : ''} of each. The data store is \`data-store.json\` in the cache folder, or with \`chunked\` the \`data-store/\` folder of files of at most 20 MiB each.`,
  );
  p();
  p('| Variant | Phase | Wall time | Products loader | Requests | Peak RSS | Data store on disk |');
  p('|---|---|---:|---:|---:|---:|---:|');
  const names = { ours: 'ours', chunks: 'chunks-of-32', oursChunked: "ours, `collectionStorage: 'chunked'`" };
  for (const [key, v] of Object.entries(sync.variants)) {
    for (const phase of sync.phases ?? ['cold']) {
      const runs = v[phase];
      if (!ok(runs).length) continue;
      const med = (pick) => summarize(ok(runs).map(pick)).median;
      p(
        `| ${names[key] ?? key} | ${phase} | ${fmtRange(stat(runs))} | ${loaderCell(runs)} | ${values(runs, (r) => r.requests.total)} | ${fmtRange(
          stat(runs, (r) => r.peakRss),
          fmtMB,
        )} | ${fmtMB(med((r) => r.dataStore?.bytes))} in ${n(med((r) => r.dataStore?.files))} file(s) |`,
      );
    }
  }
  p();
  chunkedTradeOff(sync, p);
}

/** The loader's time, or what went wrong when it logged no result. */
function loaderCell(runs) {
  const first = ok(runs)[0];
  if (first?.loader?.failed) return `failed, kept ${n(first.loader.keptStale)} old entries`;
  if (!first?.loader) return 'no result logged';
  return fmtMs(summarize(ok(runs).map((r) => r.loader?.loadMs)).median);
}

/**
 * A sync in which the products loader did not finish its fetch: it kept the last sync's entries (or
 * logged nothing), and asked for no meta. What happened, from its requests and warnings.
 */
function staleSync(run) {
  if (!run) return undefined;
  const meta = run.requests?.byOperation?.['meta/Get'] ?? 0;
  if (!run.loader?.failed && (run.loader || meta > 0)) return undefined;
  const ops = Object.entries(run.requests?.byOperation ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const warned = (run.warnings ?? []).find((w) => /timed out|timeout/.test(w));
  return `Its requests: ${ops} and no meta/Get${warned ? `; its log: \`${warned.replace(/^.*?\] /, '')}\`` : ''}`;
}

function chunkedTradeOff(sync, p) {
  const single = sync.variants.ours;
  const chunked = sync.variants.oursChunked;
  if (!ok(single?.cold).length || !ok(chunked?.cold).length) return;
  const med = (runs, pick) => summarize(ok(runs).map(pick)).median;
  const t = (runs) => med(runs, (r) => r.elapsedMs);
  const rest = (runs) => med(runs, (r) => r.elapsedMs - (r.loader?.loadMs ?? 0));
  const rss = (runs) => med(runs, (r) => r.peakRss);
  const bytes = (runs) => med(runs, (r) => r.dataStore?.bytes);
  p('### The trade-off of `chunked`, measured');
  p();
  p(
    `- **Time**: cold ${fmtMs(t(single.cold))} single-file against ${fmtMs(t(chunked.cold))} chunked (${fx(t(chunked.cold) / t(single.cold))}); outside the loader ${fmtMs(rest(single.cold))} against ${fmtMs(rest(chunked.cold))}.${ok(chunked.again).length ? ` Again with nothing changed: ${fmtMs(t(single.again))} against ${fmtMs(t(chunked.again))}.` : ''} Astro 7.3.5's chunked writer finds each chunk's end by measuring every character's UTF-8 length with its own \`TextEncoder.encode\` call (\`getChunkEnd\` in \`astro/dist/content/data-store-writer.js\`), so writing the store costs about a microsecond per byte, and the store is written again during the sync (debounced saves) as well as at its end, blocking the event loop — meta requests included — while it writes.`,
  );
  const stale = staleSync(ok(chunked.again)[0]);
  if (stale)
    p(
      `- **A second sync with \`chunked\` did not refresh the content.** ${stale}: the products loader did not finish its fetch, kept the previous sync's entries (its keep-stale policy) and the sync ended without an error. Why: every sync marks the store's metadata as it starts, so Astro's debounced save writes the whole store half a second in; with the chunked writer that is minutes of CPU, broken only between chunks, so a request sent then can outlast the client's 30 s timeout before its answer is read. A catalog this size with \`chunked\` needs a longer \`timeoutMs\` in \`siteContent()\` until Astro's writer is faster.`,
    );
  p(
    `- **Memory**: peak RSS ${fmtMB(rss(single.cold))} single-file against ${fmtMB(rss(chunked.cold))} chunked (${fx(rss(chunked.cold) / rss(single.cold))}).`,
  );
  p(
    `- **Disk**: ${fmtMB(bytes(single.cold))} in one file against ${fmtMB(bytes(chunked.cold))} in ${n(med(chunked.cold, (r) => r.dataStore?.files))} files. Astro's documentation gives the reason for chunking as platform file-size limits on a single large \`data-store.json\` (and recommends 1 MiB chunks for broad adapter compatibility); the chunks here are the default 20 MiB.`,
  );
  const base = sync.variants.chunks;
  const storeVsBase = ok(base?.cold).length ? bytes(single.cold) / bytes(base.cold) : Number.NaN;
  p(
    `- **So**: keep the default single file while it fits the file-size limits of where the cache folder goes (the host, the CI cache); switch to \`chunked\` when it does not, and expect the sync to take longer by the difference above.${Number.isFinite(storeVsBase) ? ` Ours' store is ${fx(storeVsBase)} the hand-written loader's (${fmtMB(bytes(single.cold))} against ${fmtMB(bytes(base.cold))}), so a catalog reaches such a limit ${storeVsBase > 1 ? 'sooner' : 'no sooner'} with ours.` : ''}`,
  );
  p();
}
