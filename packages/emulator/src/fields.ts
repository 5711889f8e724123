import type { FieldValues } from './db/rows.js';
import { invalidParam, missingParam } from './errors.js';
import type { RequestParams } from './wire/params.js';

/** How a writable field's value is checked and stored. */
type FieldKind = 'text' | 'tx' | 'id' | 'int' | 'price' | 'flag' | 'color' | 'dt';

/** Writable fields per resource (docs/interface.md, decisions). */
export const WRITABLE_FIELDS = {
  goods: { catid: 'id', zag: 'text', stxt: 'text', txt: 'text', vendor: 'text', shw: 'flag', dt: 'dt' },
  modification: {
    price: 'price',
    price_old: 'price',
    articul: 'text',
    stxt: 'text',
    shw: 'flag',
    sf: 'flag',
    color: 'color',
  },
  dir: { tx: 'tx', par: 'text', zag: 'text', txt: 'text', rlv: 'int', shw: 'flag', tp: 'text' },
  article: { catid: 'id', zag: 'text', stxt: 'text', txt: 'text', shw: 'flag' },
  meta: { ttl: 'text', dsc: 'text', kwd: 'text', og_title: 'text', og_image: 'text' },
} as const satisfies Record<string, Record<string, FieldKind>>;

export type Resource = keyof typeof WRITABLE_FIELDS;

/** Checks `param` against the resource's writable fields; returns values ready for SQL. */
export function readFields(
  params: RequestParams,
  resource: Resource,
  required: readonly string[] = [],
): FieldValues {
  if (params.param === undefined) throw missingParam('param');
  const kinds: Record<string, FieldKind> = WRITABLE_FIELDS[resource];
  const out: FieldValues = {};
  for (const [field, raw] of Object.entries(params.param)) {
    const kind = Object.hasOwn(kinds, field) ? kinds[field] : undefined;
    if (!kind) {
      throw invalidParam(`param[${field}]`, `unknown field; writable: ${Object.keys(kinds).join(', ')}`);
    }
    out[field] = coerce(`param[${field}]`, kind, raw);
  }
  for (const field of required) {
    if (!(field in out)) throw missingParam(`param[${field}]`);
  }
  return out;
}

function coerce(name: string, kind: FieldKind, raw: unknown): string | number {
  switch (kind) {
    case 'text':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
      throw invalidParam(name, 'expected a string');
    case 'tx': {
      const text = typeof raw === 'number' ? String(raw) : raw;
      // Letters and digits of any script (the demo shop has `café`), with their combining marks.
      if (typeof text !== 'string' || !/^[\p{L}\p{N}][\p{L}\p{M}\p{N}._-]*$/u.test(text)) {
        throw invalidParam(
          name,
          'expected a non-empty address of letters and digits (any script), ".", "_" or "-"',
        );
      }
      return text;
    }
    case 'id':
    case 'int': {
      const n = toNumber(raw);
      if (n === undefined || !Number.isSafeInteger(n) || n < 0)
        throw invalidParam(name, 'expected a whole number');
      return n;
    }
    case 'price': {
      const n = toNumber(raw);
      if (n === undefined || n < 0) throw invalidParam(name, 'expected a non-negative number');
      return n;
    }
    case 'flag': {
      if (raw === true || raw === 1 || raw === '1') return 1;
      if (raw === false || raw === 0 || raw === '0') return 0;
      throw invalidParam(name, 'expected 1 or 0');
    }
    case 'color': {
      if (raw === '') return '';
      if (typeof raw !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(raw)) {
        throw invalidParam(name, 'expected a colour of the form #rrggbb');
      }
      return raw.toLowerCase();
    }
    case 'dt': {
      const n = toNumber(raw);
      if (n !== undefined && Number.isSafeInteger(n) && n >= 0) return n;
      if (typeof raw === 'string') {
        const ms = Date.parse(raw);
        if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
      }
      throw invalidParam(name, 'expected Unix seconds or an ISO 8601 date');
    }
  }
}

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  return undefined;
}

/** A positive integer top-level parameter; undefined when absent and not required. */
export function readId(params: RequestParams, name: string, required: true): number;
export function readId(params: RequestParams, name: string, required?: false): number | undefined;
export function readId(params: RequestParams, name: string, required = false): number | undefined {
  const raw = params.scalars.get(name);
  if (raw === undefined || raw === '') {
    if (required) throw missingParam(name);
    return undefined;
  }
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw invalidParam(name, 'expected a whole number');
  }
  return Number(raw);
}

/** A text top-level parameter; undefined when absent and not required. */
export function readText(params: RequestParams, name: string, required = false): string | undefined {
  const raw = params.scalars.get(name);
  if (raw === undefined || raw === '') {
    if (required) throw missingParam(name);
    return undefined;
  }
  return raw;
}
