import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type Emulator, type EmulatorOptions, startEmulator } from '../../src/index.js';

/** Key for sites 1 and 2 (site 1 holds the demo seed). */
export const KEY = 'test-key-sites-1-2';
/** Key for site 3 only. */
export const OTHER_KEY = 'test-key-site-3';

export function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ keys: { [KEY]: [1, 2], [OTHER_KEY]: [3] }, ...options });
}

/**
 * One emulator for the tests of a `describe` (or file): started before them, closed after them. The
 * returned object stands for it (its properties are the running emulator's).
 */
export function useTestEmulator(options: EmulatorOptions = {}): Emulator {
  return emulatorFor(beforeAll, afterAll, options);
}

/** Like {@link useTestEmulator}, but a new emulator for each test: for tests that change its data. */
export function useFreshTestEmulator(options: EmulatorOptions = {}): Emulator {
  return emulatorFor(beforeEach, afterEach, options);
}

function emulatorFor(start: typeof beforeAll, stop: typeof afterAll, options: EmulatorOptions): Emulator {
  let current: Emulator | undefined;
  start(async () => {
    current = await startTestEmulator(options);
  });
  stop(() => current?.close());
  return new Proxy({} as Emulator, {
    get(_target, property) {
      if (!current) throw new Error('the test emulator starts in a before hook');
      const value: unknown = Reflect.get(current, property);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

export interface CallOptions {
  /** Query parameters besides `key`. */
  query?: Record<string, string | number>;
  /** Form body (`application/x-www-form-urlencoded`), `param` in bracket form. */
  form?: Record<string, string | number>;
  /** Whole JSON body. */
  json?: unknown;
  /** Raw body and content type. */
  body?: string;
  contentType?: string;
  /** API key; `null` leaves it out. @default KEY */
  key?: string | null;
  method?: 'GET' | 'POST';
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test convenience, compared with toEqual
  json: any;
}

/** One request with plain `fetch` (never the client: the emulator checks the client, not vice versa). */
export async function call(emu: Emulator, operation: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(`/v1/${operation}`, emu.url);
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) url.searchParams.set('key', key);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  let body: string | undefined = options.body;
  let contentType = options.contentType;
  if (options.form) {
    body = new URLSearchParams(
      Object.entries(options.form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    contentType ??= 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    contentType ??= 'application/json';
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await fetch(url, {
    method,
    body,
    headers: contentType ? { 'content-type': contentType } : {},
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Form fields for a write: `{ sid, id, param: { zag: 'x' } }` → `{ sid, id, 'param[zag]': 'x' }`. */
export function bracketForm(
  top: Record<string, string | number>,
  param: Record<string, string | number>,
): Record<string, string | number> {
  const form: Record<string, string | number> = { ...top };
  for (const [field, value] of Object.entries(param)) form[`param[${field}]`] = value;
  return form;
}
