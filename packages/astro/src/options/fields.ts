/** zod fields several option schemas share; the client's limits come from `clientOptionFields`. */
import { clientOptionFields } from '@sitecontent/client/internal';
import { z } from 'zod';

/** A service root or site origin: an http(s) URL. */
export const httpUrlField = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
/** Requests in flight at once (the write-back's share of the shared client's bound). */
export const concurrencyField = clientOptionFields.concurrency;
/** A non-empty string, such as a collection name or a meta module. */
export const nameField = z.string().min(1, 'must not be empty');

/** A function option, checked for being callable; `F` types it (zod cannot check a signature). */
export function functionField<F extends (...args: never[]) => unknown>() {
  return z.custom<F>((v) => typeof v === 'function', 'expected a function');
}

/** Connection settings; each falls back to the integration's setting, then to the environment. */
export const connectionShape = {
  /** Service root, e.g. `https://api.example`; operations are under `${baseUrl}/v1/`. @default integration `baseUrl`, else `SITECONTENT_BASE_URL` */
  baseUrl: clientOptionFields.baseUrl.optional(),
  /** API key. Prefer the `SITECONTENT_API_KEY` environment variable over code. @default `SITECONTENT_API_KEY` */
  apiKey: clientOptionFields.apiKey.optional(),
  /** Site number. @default integration `sid`, else `SITECONTENT_SID` */
  sid: clientOptionFields.sid.optional(),
};

/**
 * An options type whose `K` option is typed `T`, the collection name the caller wrote, so references
 * are typed; mapped, so each option keeps its doc comment and optionality.
 */
export type Naming<O, K extends keyof O, T> = {
  [P in keyof O]: P extends K ? T | Extract<O[P], undefined> : O[P];
};
