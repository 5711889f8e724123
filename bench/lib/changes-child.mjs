// One change detection in its own process (bench/changes.mjs): reads the catalog with
// @sitecontent/client/changes against the emulator, compares it with the state file, writes the new
// state, and reports its time, the operations it called and the process's peak resident memory
// over IPC (the key never reaches a log).
import { createClient } from '@sitecontent/client';
import { decodeState, detectChanges, encodeState, fileStateStore } from '@sitecontent/client/changes';

const { baseUrl, key, sid, state } = JSON.parse(process.env.BENCH_CHANGES_OPTIONS ?? '{}');
const client = createClient({ baseUrl, apiKey: key, sid, userAgent: 'bench-changes' });
const store = fileStateStore(state);
try {
  const started = performance.now();
  const text = await store.load();
  const detection = await detectChanges(client, text === undefined ? undefined : decodeState(text));
  const saved = encodeState(detection.state);
  await store.save(saved);
  process.send?.({
    type: 'done',
    ms: Math.round(performance.now() - started),
    first: detection.first,
    changes: detection.changes.map((c) => `${c.type} ${c.kind} ${c.id}`),
    counts: detection.counts,
    requests: detection.requests,
    stateBytes: Buffer.byteLength(saved),
    // Peak resident set of this process, in bytes (resourceUsage gives kilobytes).
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  });
} catch (error) {
  process.send?.({ type: 'error', message: String(error instanceof Error ? error.message : error) });
} finally {
  await client.close();
}
