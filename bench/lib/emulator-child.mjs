// Child side of emulator-process.mjs: starts the emulator, reports { url, sid, key } over IPC
// (never on stdout, so the key does not reach logs), answers `stats`, `reset` (zero the counters
// and peaks) and `close`.
import { startEmulator } from '@sitecontent/emulator';

const opts = JSON.parse(process.env.BENCH_EMULATOR_OPTIONS ?? '{}');
const { faults, capacity, ...catalog } = opts;
const t0 = performance.now();
let emu;
try {
  emu = await startEmulator({
    port: 0,
    db: ':memory:',
    seed: { synthetic: catalog },
    ...(faults ? { faults } : {}),
    ...(capacity ? { capacity } : {}),
  });
} catch (err) {
  process.send?.({ type: 'error', message: String(/** @type {Error} */ (err)?.stack ?? err) });
  process.exit(1);
}
process.send?.({
  type: 'ready',
  url: emu.url,
  sid: emu.sid,
  key: emu.key,
  seedMs: Math.round(performance.now() - t0),
});
process.on('message', async (/** @type {any} */ m) => {
  if (m.type === 'stats') {
    process.send?.({ id: m.id, stats: JSON.parse(JSON.stringify(emu.stats)) });
  } else if (m.type === 'reset') {
    emu.resetStats();
    process.send?.({ id: m.id });
  } else if (m.type === 'close') {
    await emu.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
