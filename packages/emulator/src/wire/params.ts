import { ApiError, invalidParam } from '../errors.js';

/**
 * Request parameters from the query and the body, `param` in any of three encodings
 * (docs/interface.md, "Requests"): form brackets, form JSON, or a JSON body.
 */
export interface RequestParams {
  /** Top-level scalar parameters (`sid`, `id`, `goods_id`, `md`, filters), as text. */
  scalars: Map<string, string>;
  /** The `param` object of writes, undefined when absent. */
  param: Record<string, unknown> | undefined;
}

const BRACKET = /^param\[([^\]]*)\]$/;

export function parseParams(query: URLSearchParams, body: string, contentType: string): RequestParams {
  const params: RequestParams = { scalars: new Map(), param: undefined };
  addForm(params, query);
  const trimmed = body.trim();
  if (trimmed === '') return params;
  const isJson =
    /\bjson\b/i.test(contentType) || (!/form-urlencoded/i.test(contentType) && /^[{[]/.test(trimmed));
  if (isJson) addJson(params, trimmed);
  else addForm(params, new URLSearchParams(body));
  return params;
}

function addForm(params: RequestParams, form: URLSearchParams): void {
  for (const [name, value] of form) {
    if (name === 'key') continue;
    const bracket = BRACKET.exec(name);
    if (bracket) {
      mergeParam(params, { [bracket[1] ?? '']: value });
    } else if (name === 'param') {
      mergeParam(params, parseParamJson(value));
    } else {
      params.scalars.set(name, value);
    }
  }
}

function addJson(params: RequestParams, text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_param', 'Invalid parameter body: not valid JSON');
  }
  if (!isPlainObject(body)) throw invalidParam('body', 'expected a JSON object');
  for (const [name, value] of Object.entries(body)) {
    if (name === 'key') continue;
    if (name === 'param') {
      mergeParam(params, typeof value === 'string' ? parseParamJson(value) : value);
    } else if (typeof value === 'string' || typeof value === 'number') {
      params.scalars.set(name, String(value));
    } else {
      throw invalidParam(name, 'expected a string or a number');
    }
  }
}

function parseParamJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidParam('param', 'not valid JSON');
  }
}

function mergeParam(params: RequestParams, value: unknown): void {
  if (!isPlainObject(value)) throw invalidParam('param', 'expected an object of field name to value');
  params.param = { ...params.param, ...value };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
