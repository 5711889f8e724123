/**
 * Where the detector keeps its state between runs: a file by default; anything that can keep one
 * text (a KV namespace, a blob store, a database row) through the two-method interface.
 */

/** Keeps one state text. `load` resolves `undefined` when nothing was saved yet. */
export interface ChangeStateStore {
  load(): Promise<string | undefined>;
  /** Replaces the saved text; called only after a complete read of the service. */
  save(text: string): Promise<void>;
  /** Where it is, for messages (a path, a key). */
  readonly name: string;
}

/**
 * A state file. `save` writes a temporary file beside it and renames it over the old one, so a
 * crash mid-write leaves the old state whole. Node's `fs` is imported on first use only: the
 * module stays loadable on runtimes without it (which bring their own store).
 */
export function fileStateStore(path: string): ChangeStateStore {
  return {
    name: path,
    async load() {
      const { readFile } = await import('node:fs/promises');
      try {
        return await readFile(path, 'utf8');
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async save(text) {
      const { rename, writeFile } = await import('node:fs/promises');
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, path);
    },
  };
}

/** A state kept in memory: for tests, and a long-running process that needs no file. */
export function memoryStateStore(initial?: string): ChangeStateStore & { text: string | undefined } {
  const store = {
    name: 'memory',
    text: initial,
    async load() {
      return store.text;
    },
    async save(text: string) {
      store.text = text;
    },
  };
  return store;
}
