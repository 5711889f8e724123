import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { withEmulator } from './lib/emulator-process.mjs';
import { createOurLoaders, loadAll } from './lib/ours.mjs';

await withEmulator({ size: 10000, latencyMs: 0, log: () => {} }, async (emu) => {
  const project = await createOurLoaders({
    baseUrl: emu.url,
    key: emu.key,
    sid: emu.sid,
    collections: ['products'],
    metaMaxAge: 86400000,
    productUrl: (p) => `/products/${p.id}`,
  });
  const first = await loadAll(project);
  const s = new Session();
  s.connect();
  await s.post('Profiler.enable');
  await s.post('Profiler.setSamplingInterval', { interval: 200 });
  await s.post('Profiler.start');
  for (let i = 0; i < 8; i++) {
    const r = await loadAll(project, first.store);
    console.log(
      r.elapsedMs.toFixed(0),
      r.written,
      r.log
        .map((l) => l.message)
        .join(' | ')
        .slice(0, 300),
    );
  }
  const { profile } = await s.post('Profiler.stop');
  writeFileSync('/tmp/prof2/unch.cpuprofile', JSON.stringify(profile));
});
