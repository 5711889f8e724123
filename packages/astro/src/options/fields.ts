/** zod fields that several option schemas share, so each rule is written once. */
import { PARAM_ENCODINGS } from '@sitecontent/client';
import { z } from 'zod';

/** A service root or site origin: an http(s) URL. */
export const httpUrlField = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
export const apiKeyField = z.string().min(1, 'must not be empty');
export const sidField = z.number().int().positive();
/** Requests in flight at once (the shared client's bound, the write-back's share of it). */
export const concurrencyField = z.number().int().min(1).max(256);
export const paramEncodingField = z.enum(PARAM_ENCODINGS);
/** A function option (checked for being callable; its signature is the option type's job). */
export const functionField = z.custom<(...args: never[]) => unknown>(
  (v) => typeof v === 'function',
  'expected a function',
);

/** The connection settings a loader may override (each falls back to the integration's). */
export const connectionShape = {
  baseUrl: httpUrlField.optional(),
  apiKey: apiKeyField.optional(),
  sid: sidField.optional(),
};
