// Runs @sitecontent/emulator in its own child process, so the server's CPU time and memory
// never mix with the loader under measurement. The child seeds its catalog before it reports
// ready, so seeding time is never part of a timed run.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const childPath = fileURLToPath(new URL('./emulator-child.mjs', import.meta.url));

/**
 * @param {{ products: number, sections?: number, articles?: number, modsPerProduct?: number,
 *   seed?: number, faults?: Record<string, number>, capacity?: number }} opts
 *   `capacity`: at most this many requests in service at once, the rest queue (the emulator's
 *   capacity mode, packages/emulator/README.md); unset: unlimited.
 * @returns {Promise<{ url: string, sid: number, key: string, pid: number, seedMs: number,
 *   stats(): Promise<any>, resetStats(): Promise<void>, close(): Promise<void> }>}
 */
export async function startEmulatorProcess(opts) {
  const child = fork(childPath, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_EMULATOR_OPTIONS: JSON.stringify(opts) },
  });
  let nextId = 1;
  const pending = new Map();
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`emulator child exited early (code ${code})`)));
    child.on('message', (/** @type {any} */ m) => {
      if (m.type === 'ready') resolve(m);
      else if (m.type === 'error') reject(new Error(m.message));
      else if (m.id && pending.has(m.id)) {
        pending.get(m.id)(m);
        pending.delete(m.id);
      }
    });
  });
  const info = await ready;
  const request = (type) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.send({ type, id });
    });
  return {
    url: info.url,
    sid: info.sid,
    key: info.key,
    pid: child.pid ?? 0,
    seedMs: info.seedMs,
    async stats() {
      return (await request('stats')).stats;
    },
    async resetStats() {
      await request('reset');
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close', id: nextId++ });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Synthetic catalog shape used by every scenario: sections and articles scale with products. */
export function catalogFor(products, seed = 7) {
  return {
    products,
    sections: Math.max(10, Math.round(products / 100)),
    articles: Math.max(20, Math.round(products / 50)),
    modsPerProduct: 2,
    seed,
  };
}

/**
 * Starts an emulator for `size` products, runs `fn` with it and stops it.
 * @template T
 * @param {{ size: number, latencyMs: number, capacity?: number, log: (msg: string) => void }} opts
 * @param {(emu: Awaited<ReturnType<typeof startEmulatorProcess>>) => Promise<T>} fn
 */
export async function withEmulator({ size, latencyMs, capacity, log }, fn) {
  const emu = await startEmulatorProcess({
    ...catalogFor(size),
    ...(latencyMs ? { faults: { latencyMs } } : {}),
    ...(capacity ? { capacity } : {}),
  });
  log(
    `emulator: ${size.toLocaleString('en')} products, ${latencyMs} ms, capacity ${capacity ?? 'unlimited'} (seeded in ${emu.seedMs} ms)`,
  );
  try {
    return await fn(emu);
  } finally {
    await emu.close();
  }
}

/** The catalog of the served (on-demand) benchmarks: a thousand products a section. */
export function servedCatalogFor(products, seed = 7) {
  return { ...catalogFor(products, seed), sections: Math.max(10, Math.round(products / 1000)) };
}
