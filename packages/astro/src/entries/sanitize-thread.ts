/**
 * Sanitizing on a worker thread, for large syncs (docs/architecture.md, "Sanitizing on a worker
 * thread"): sanitize-html costs much per call, and a sync does nothing else on the main thread
 * meanwhile. The thread runs the same `sanitizeHtml`, so its results are the main thread's; when it
 * cannot start or fails, the main thread sanitizes: never an error, never a lost entry.
 */
import { Worker } from 'node:worker_threads';
import { SANITIZE_MODULE_URL, sanitizeHtml } from './sanitize.js';

/** What the main thread sends: fragments to sanitize, under an id the reply carries back. */
interface SanitizeRequest {
  id: number;
  texts: readonly string[];
}
/** What the thread answers: the request's fragments sanitized, in order. */
interface SanitizeReply {
  id: number;
  texts: string[];
}

/**
 * The worker's program: it imports the sanitize module by its own URL (the `.js` of the package, or
 * the `.ts` source under the test runner), so no separate worker file is needed; dynamic `import()`
 * only, as the script may run as CommonJS. Where a bundler merged the module away, the import finds
 * no `sanitizeHtml`, the thread fails and the main thread sanitizes.
 */
const WORKER_SCRIPT = `
import('node:worker_threads').then(async ({ parentPort, workerData }) => {
  const { sanitizeHtml } = await import(workerData.module);
  parentPort.on('message', ({ id, texts }) => parentPort.postMessage({ id, texts: texts.map(sanitizeHtml) }));
});
`;

/** The thread's young generation (MB): small enough that the thread adds nothing to a build's peak RSS. */
const YOUNG_GENERATION_MB = 4;

export class SanitizeThread {
  #worker: Worker | undefined;
  #failed = false;
  #nextId = 0;
  readonly #pending = new Map<number, { resolve(texts: string[]): void; reject(error: unknown): void }>();
  #sanitizedOnThread = 0;

  readonly #moduleUrl: string;

  /** @param moduleUrl the module the thread imports `sanitizeHtml` from (a test points it elsewhere). */
  constructor(moduleUrl: string = SANITIZE_MODULE_URL) {
    this.#moduleUrl = moduleUrl;
  }

  /** Fragments sanitized on the thread (the rest, after a failure, on the main thread). */
  get sanitizedOnThread(): number {
    return this.#sanitizedOnThread;
  }

  /** `texts` sanitized, in order: on the thread while it works, else on the main thread. */
  async sanitize(texts: readonly string[]): Promise<string[]> {
    if (texts.length === 0) return [];
    const worker = this.#failed ? undefined : (this.#worker ?? this.#start());
    if (worker === undefined) return texts.map(sanitizeHtml);
    const id = this.#nextId++;
    const reply = new Promise<string[]>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    // Held only while it owes answers: an idle thread never keeps the process alive.
    if (this.#pending.size === 1) worker.ref();
    worker.postMessage({ id, texts } satisfies SanitizeRequest);
    try {
      const out = await reply;
      this.#sanitizedOnThread += out.length;
      return out;
    } catch {
      return texts.map(sanitizeHtml);
    }
  }

  /** Stops the thread; answers still owed are sanitized on the main thread. Idempotent. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failed = true;
    this.#rejectPending(new Error('sanitize thread closed'));
    await worker?.terminate();
  }

  #start(): Worker | undefined {
    try {
      const worker = new Worker(WORKER_SCRIPT, {
        eval: true,
        workerData: { module: this.#moduleUrl },
        // Sanitizing leaves short-lived garbage only; the default young generation (the main
        // thread's size) raised the build's peak RSS.
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      worker.unref();
      worker.on('message', (reply: SanitizeReply) => {
        const waiter = this.#pending.get(reply.id);
        this.#pending.delete(reply.id);
        if (this.#pending.size === 0) worker.unref();
        waiter?.resolve(reply.texts);
      });
      // A module that fails to load, a throw while sanitizing, an exit: the main thread takes over.
      const fail = (error: unknown) => {
        this.#failed = true;
        this.#worker = undefined;
        this.#rejectPending(error);
        void worker.terminate();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`sanitize thread exited with code ${code}`)));
      this.#worker = worker;
      return worker;
    } catch {
      this.#failed = true;
      return undefined;
    }
  }

  #rejectPending(error: unknown): void {
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
