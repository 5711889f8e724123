/**
 * What goes on the wire (docs/interface.md, "Requests"): `key` always in the query; GET parameters
 * in the query; POST `sid`, `id`, `goods_id`, `md`, `param` in the body.
 */
import type { ParamValue } from '../schemas/fields.js';
import { OPERATIONS, type OperationName } from './operations.js';

/** The ways `param` can travel in POST bodies (the `paramEncoding` option). */
export const PARAM_ENCODINGS = ['form-brackets', 'form-json', 'json'] as const;
export type ParamEncoding = (typeof PARAM_ENCODINGS)[number];

export interface OperationInput {
  /** Scalar parameters: GET filters, or POST `id` / `goods_id` / `md`. `undefined` values are left out. */
  params?: Record<string, string | number | undefined>;
  /** `param` of update and create operations (already checked against the writable fields). */
  param?: Record<string, ParamValue>;
}

export interface EncodedRequest {
  method: 'GET' | 'POST';
  /** Path plus query string; carries the key, so never shown. */
  path: string;
  /** `path` with the key masked (`key=***`): what messages and errors show. */
  shownPath: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Booleans go out as 1/0 and Dates as Unix seconds (the forms the service sends back). */
export function wireValue(v: ParamValue): string | number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return Math.floor(v.getTime() / 1000);
  return v;
}

const MASKED_KEY = 'key=***';

/** Values that `application/x-www-form-urlencoded` (URLSearchParams) writes as they are. */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/** `value` encoded as URLSearchParams does, without one per request (most values need no encoding). */
export function formComponent(value: string): string {
  return FORM_SAFE.test(value) ? value : new URLSearchParams([['', value]]).toString().slice(1);
}

/** The query string, `key` first, and its masked form built beside it (not cut out of it). */
function queryStrings(apiKey: string, rest: [string, string][]): { query: string; shownQuery: string } {
  let query = `key=${formComponent(apiKey)}`;
  let shownQuery = MASKED_KEY;
  for (const [name, value] of rest) {
    const part = `&${formComponent(name)}=${formComponent(value)}`;
    query += part;
    shownQuery += part;
  }
  return { query, shownQuery };
}

export function encodeRequest(
  op: OperationName,
  input: OperationInput,
  settings: { pathPrefix: string; apiKey: string; sid: number; paramEncoding: ParamEncoding },
): EncodedRequest {
  const { method } = OPERATIONS[op];
  const scalars: [string, string][] = [['sid', String(settings.sid)]];
  for (const [k, v] of Object.entries(input.params ?? {})) {
    if (v !== undefined) scalars.push([k, String(v)]);
  }
  const path = `${settings.pathPrefix}/v1/${op}`;

  if (method === 'GET') {
    const { query, shownQuery } = queryStrings(settings.apiKey, scalars);
    return {
      method,
      path: `${path}?${query}`,
      shownPath: `${path}?${shownQuery}`,
      headers: {},
      body: undefined,
    };
  }

  const param = Object.fromEntries(Object.entries(input.param ?? {}).map(([k, v]) => [k, wireValue(v)]));
  const withParam = input.param !== undefined;
  let body: string;
  let contentType = 'application/x-www-form-urlencoded';
  switch (settings.paramEncoding) {
    case 'json': {
      const obj: Record<string, unknown> = {};
      for (const [k, v] of scalars) obj[k] = k === 'md' ? v : Number.isNaN(Number(v)) ? v : Number(v);
      if (withParam) obj.param = param;
      body = JSON.stringify(obj);
      contentType = 'application/json';
      break;
    }
    case 'form-json': {
      const parts = scalars.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
      if (withParam) parts.push(`param=${encodeURIComponent(JSON.stringify(param))}`);
      body = parts.join('&');
      break;
    }
    default: {
      // `param[zag]=New%20title`, exactly as docs/interface.md ("Requests") shows it (brackets left readable).
      const parts = scalars.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
      for (const [k, v] of Object.entries(param)) {
        parts.push(`param[${encodeURIComponent(k)}]=${encodeURIComponent(String(v))}`);
      }
      body = parts.join('&');
    }
  }
  const { query, shownQuery } = queryStrings(settings.apiKey, []);
  return {
    method,
    path: `${path}?${query}`,
    shownPath: `${path}?${shownQuery}`,
    headers: { 'content-type': contentType },
    body,
  };
}
