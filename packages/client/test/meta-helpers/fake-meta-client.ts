/**
 * An in-memory stand-in for the client's meta operations, for unit tests of planning and applying.
 * The HTTP tests (meta-emulator.test.ts) use the real client against the emulator.
 */
import type { CurrentMeta, MetaSyncClient, MetaValues } from '../../src/index.js';

export interface FakeMetaClient extends MetaSyncClient {
  readonly store: Map<string, CurrentMeta>;
  readonly calls: { get: number; update: number; updates: { md: string; id: number; fields: MetaValues }[] };
  /** Make the next `n` calls of an operation on a target fail with `message`. */
  failNext(op: 'get' | 'update', md: string, id: number, message: string, n?: number): void;
}

export function fakeMetaClient(initial: { md: string; id: number; meta: MetaValues }[] = []): FakeMetaClient {
  const store = new Map<string, CurrentMeta>();
  for (const { md, id, meta } of initial) store.set(`${md}/${id}`, { id, md, ...meta });
  const calls: FakeMetaClient['calls'] = { get: 0, update: 0, updates: [] };
  const failures = new Map<string, { message: string; n: number }>();
  const maybeFail = (op: string, md: string, id: number): void => {
    const key = `${op}:${md}/${id}`;
    const failure = failures.get(key);
    if (failure !== undefined && failure.n > 0) {
      failure.n--;
      throw new Error(failure.message);
    }
  };
  return {
    sid: 1,
    store,
    calls,
    failNext(op, md, id, message, n = 1) {
      failures.set(`${op}:${md}/${id}`, { message, n });
    },
    meta: {
      async get(md, id) {
        calls.get++;
        await Promise.resolve();
        maybeFail('get', md, id);
        const found = store.get(`${md}/${id}`);
        return found === undefined ? undefined : { ...found };
      },
      async update(md, id, fields) {
        calls.update++;
        calls.updates.push({ md, id, fields: { ...fields } });
        await Promise.resolve();
        maybeFail('update', md, id);
        const current = store.get(`${md}/${id}`) ?? {
          id,
          md,
          ttl: '',
          dsc: '',
          kwd: '',
          og_title: '',
          og_image: '',
        };
        store.set(`${md}/${id}`, { ...current, ...fields });
        return { message: 'Ok' };
      },
    },
  };
}
