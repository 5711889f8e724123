// Parent side of worker.mjs.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const workerPath = fileURLToPath(new URL('./worker.mjs', import.meta.url));

/**
 * @param {{ kind: string, baseUrl: string, sid: number, [k: string]: unknown }} task
 * @param {string} key
 * @param {{ timeoutMs?: number, cpuProfileDir?: string }} [opts] `cpuProfileDir`: this worker's V8 CPU profile goes there
 */
export function runWorker(task, key, { timeoutMs = 15 * 60_000, cpuProfileDir } = {}) {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROF_DIR: write a V8 CPU profile of every worker there (where the time goes).
    // BENCH_PRELOAD: a module each worker imports first (a diagnosis: say, a timeline of its
    // requests from undici's diagnostics channels); never in a measured run.
    const profDir = cpuProfileDir ?? process.env.BENCH_CPU_PROF_DIR;
    const preload = process.env.BENCH_PRELOAD;
    const child = fork(workerPath, [], {
      execArgv: [
        ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
        ...(preload ? ['--import', preload] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_TASK: JSON.stringify(task), BENCH_KEY: key },
    });
    let message;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${task.kind} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', (m) => {
      message = m;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (message?.ok) resolve({ ...message.result, memory: message.memory });
      else reject(new Error(message?.error ?? `${task.kind} worker exited with code ${code}`));
    });
  });
}
