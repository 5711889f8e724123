// The test run's reaper: started by test/setup/run-temp.ts, it outlives the vitest process. When the
// run ends — its teardown, or the vitest process gone on SIGINT or a crash, which closes this
// process's IPC channel — it stops every process still holding the run's temporary folder in its
// environment (a storefront build a test started, a server left running), then removes the folder.
// `node run-temp-reaper.mjs <folder>`; Linux reads the environments from /proc, elsewhere only the
// folder is removed.
import { readdirSync, readFileSync, rmSync } from 'node:fs';

const [root] = process.argv.slice(2);
// Ctrl+C signals the whole process group; the reaper must outlive the run to clean up after it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});

/** Processes (not this one) whose environment names the run's folder. */
function holders() {
  const marker = `TEST_RUN_TEMP=${root}\0`;
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    try {
      return `${readFileSync(`/proc/${pid}/environ`, 'latin1')}\0`.includes(marker);
    } catch {
      return false;
    }
  });
}

process.on('disconnect', async () => {
  // The vitest workers exit (or are killed by vitest's watchdog) as the main process goes.
  for (let round = 0; round < 20; round++) {
    const left = holders();
    if (left.length === 0) break;
    for (const pid of left) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  process.exit(0);
});
process.send?.('ready');
