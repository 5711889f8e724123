/**
 * zod fields that several option schemas share, so each rule is written once. Limits of what the
 * client receives come from the client itself (`clientOptionFields`).
 */
import { clientOptionFields } from '@sitecontent/client';
import { z } from 'zod';

/** A service root or site origin: an http(s) URL. */
export const httpUrlField = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
/** Requests in flight at once (the write-back's share of the shared client's bound). */
export const concurrencyField = clientOptionFields.concurrency;
/** A function option (checked for being callable; its signature is the option type's job). */
export const functionField = z.custom<(...args: never[]) => unknown>(
  (v) => typeof v === 'function',
  'expected a function',
);

/** The connection settings of the integration and of each loader (a loader's fall back to the integration's). */
export const connectionShape = {
  baseUrl: httpUrlField.optional(),
  apiKey: clientOptionFields.apiKey.optional(),
  sid: clientOptionFields.sid.optional(),
};
