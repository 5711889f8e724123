import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withEmulator } from './lib/emulator-process.mjs';
import { measureBuild } from './lib/measure-build.mjs';

const workDir = mkdtempSync(join(tmpdir(), 'profbuild-'));
await withEmulator({ size: 10000, latencyMs: 20, log: console.error }, async (emu) => {
  for (const loader of ['ours', 'chunks']) {
    const cold = await measureBuild(emu, {
      loader,
      config: 'incremental',
      workDir,
      slot: loader,
      clean: true,
    });
    process.env.BENCH_CPU_PROF_DIR = `/tmp/profb-${loader}`;
    const again = await measureBuild(emu, {
      loader,
      config: 'incremental',
      workDir,
      slot: loader,
      clean: false,
    });
    delete process.env.BENCH_CPU_PROF_DIR;
    console.error(loader, 'cold', cold.elapsedMs, 'unchanged', again.elapsedMs, again.loader);
  }
});
