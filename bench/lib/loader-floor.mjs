// The products loader alone (`seo: true`: goods/Get, dir/Get, then a meta/Get per product) against
// its request floor: the requests it sent × the latency ÷ the most requests in flight it is allowed
// (`maxConcurrency`). Each run is a fresh worker process (worker.mjs, task `ours-products`), beside
// the same requests replayed by autocannon with as many connections (task `ceiling-full`), the two
// in alternating order after a warm-up run: what this machine serves when the client does nothing
// with the answers, the ceiling below which no client on these cores can go.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withEmulator } from './emulator-process.mjs';
import { loadProfile, mainThreadProfile } from './loader-profile.mjs';
import { runWorker } from './run-worker.mjs';
import { summarize } from './stats.mjs';

/**
 * The target (issue 58): the loader within this factor of what this machine can send: the same
 * requests replayed by autocannon, plus the one `goods/Get` no `meta/Get` can precede.
 */
export const REPLAY_TARGET = 1.1;

/**
 * One run's figures: its time, the requests it sent, the floor they set and the ratio to it.
 * @param {any} r a worker result of task `ours-products`
 * @param {number} latencyMs
 * @param {number} allowed the most requests in flight allowed
 */
export function floorOf(r, latencyMs, allowed, ceilingMs = Number.NaN, serialReadMs = Number.NaN) {
  const sent = r.inFlight?.sent ?? Number.NaN;
  const floorMs = (sent * latencyMs) / allowed;
  return {
    elapsedMs: r.elapsedMs,
    entries: r.entries,
    sent,
    floorMs,
    ratio: latencyMs > 0 ? r.elapsedMs / floorMs : Number.NaN,
    ceilingMs,
    serialReadMs,
    /** Ours ÷ (the replay + the serial `goods/Get`), measured beside this run. */
    overReplay: r.elapsedMs / (ceilingMs + serialReadMs),
    inFlight: r.inFlight,
  };
}

/**
 * @param {{ size: number, latencies: number[], runs: number }} plan
 * @param {{ concurrency: number, maxConcurrency: number, log: (msg: string) => void,
 *   safely: <T>(label: string, fn: () => Promise<T>) => Promise<T | undefined> }} h
 */
export async function runLoaderFloor(plan, h) {
  const rows = [];
  for (const latencyMs of plan.latencies) {
    /** @type {ReturnType<typeof floorOf>[]} */
    const runs = [];
    /** @type {ReturnType<typeof loadProfile> | undefined} */
    let profile;
    await h.safely(`loader floor ${latencyMs} ms`, () =>
      withEmulator({ size: plan.size, latencyMs, log: h.log }, async (emu) => {
        const dir = mkdtempSync(join(tmpdir(), 'loader-floor-'));
        const recordFile = join(dir, 'paths.json');
        const service = { baseUrl: emu.url, sid: emu.sid, concurrency: h.concurrency };
        try {
          // A run not timed first: it records the requests the replays send, and warms the emulator
          // (a fresh one answered the first run's requests slower than the replay after it), so the
          // first timed run meets the service as every later one does.
          const warmUp = await h.safely(`products loader ${latencyMs} ms, warm-up`, () =>
            runWorker({ ...service, kind: 'ours-products', recordFile }, emu.key),
          );
          if (!warmUp) return;
          const loader = () =>
            h.safely(`products loader ${latencyMs} ms`, () =>
              runWorker({ ...service, kind: 'ours-products' }, emu.key),
            );
          const replay = () =>
            h.safely(`ceiling ${latencyMs} ms`, () =>
              runWorker(
                { ...service, kind: 'ceiling-full', pathsFile: recordFile, connections: h.maxConcurrency },
                emu.key,
              ),
            );
          for (let i = 0; i < plan.runs; i++) {
            // Alternating which goes first, so a service that speeds up or slows down over the
            // runs favours neither.
            let ours;
            let ceiling;
            if (i % 2 === 0) {
              ours = await loader();
              ceiling = await replay();
            } else {
              ceiling = await replay();
              ours = await loader();
            }
            if (!ours) continue;
            const f = floorOf(ours, latencyMs, h.maxConcurrency, ceiling?.elapsedMs, ceiling?.serialReadMs);
            runs.push(f);
            h.log(
              `products loader ${plan.size}/${latencyMs}ms run ${i + 1}: ${f.elapsedMs.toFixed(0)} ms, ${f.sent} requests, floor ${f.floorMs.toFixed(0)} ms${latencyMs > 0 ? ` (${f.ratio.toFixed(2)}×)` : ''}, the same requests by autocannon ${f.ceilingMs.toFixed(0)} ms, goods/Get alone ${f.serialReadMs.toFixed(0)} ms, in flight p50 ${f.inFlight?.p50} peak ${f.inFlight?.peak}`,
            );
          }
          // One more run, profiled and not timed (the profiler slows it): where its CPU goes.
          if (latencyMs > 0) {
            const profDir = join(dir, 'profile');
            const r = await h.safely(`products loader ${latencyMs} ms, profiled`, () =>
              runWorker({ ...service, kind: 'ours-products' }, emu.key, { cpuProfileDir: profDir }),
            );
            if (r) profile = loadProfile(mainThreadProfile(profDir), r.inFlight?.sent ?? Number.NaN);
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
    );
    rows.push({
      size: plan.size,
      latencyMs,
      allowed: h.maxConcurrency,
      runs,
      time: summarize(runs.map((r) => r.elapsedMs)),
      floor: summarize(runs.map((r) => r.floorMs)),
      ceiling: summarize(runs.map((r) => r.ceilingMs)),
      // Pair by pair: ours ÷ the ceiling measured right after it.
      overCeiling: summarize(runs.map((r) => r.elapsedMs / r.ceilingMs)),
      serialRead: summarize(runs.map((r) => r.serialReadMs)),
      overReplay: summarize(runs.map((r) => r.overReplay)),
      ratio: latencyMs > 0 ? summarize(runs.map((r) => r.ratio)) : undefined,
      profile,
    });
  }
  return rows;
}
