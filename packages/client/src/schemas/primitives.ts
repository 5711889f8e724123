/** Wire field types with the coercions of docs/interface.md, "Wire format" (quoted numbers, several date forms). */
import { z } from 'zod';

const NUMERIC = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

function toNumber(v: unknown): unknown {
  if (typeof v === 'string' && NUMERIC.test(v.trim())) return Number(v.trim());
  return v;
}

/** Record ids, quoted or not: safe integers only, since a rounded id could hit the wrong record. */
export const idField = z.preprocess(
  toNumber,
  z
    .number({ error: 'expected an integer id (number or quoted number)' })
    .refine((n) => Number.isSafeInteger(n) && n >= 0, {
      error: (issue) => {
        const n = issue.input as number;
        const why = n < 0 ? 'negative' : Number.isInteger(n) ? 'beyond 2^53' : 'fractional';
        return `id ${n} is not a non-negative safe integer (${why})`;
      },
    }),
);

/** Prices, importance etc.: number or quoted number, finite. */
export const numberField = z.preprocess(
  toNumber,
  z.number({ error: 'expected a number (number or quoted number)' }).refine(Number.isFinite, 'not finite'),
);

/** `shw`, `sf`, `active`: 1/0 as number or string (also `true`/`false`) → boolean. */
export const flagField = z.preprocess(
  (v) => {
    if (v === 1 || v === '1' || v === true || v === 'true') return true;
    if (v === 0 || v === '0' || v === false || v === 'false' || v === '') return false;
    return v;
  },
  z.boolean({ error: 'expected a flag 1 or 0' }),
);

/** Text: strings kept verbatim (no trimming, no sanitizing); numbers stringified; missing → ''. */
export const textField = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return '';
    if (typeof v === 'number') return String(v);
    return v;
  },
  z.string({ error: 'expected a string' }),
);

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** `#rrggbb` (any case, normalised to lower case) or '' when there is none. */
export const colourField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: 'expected a colour string' })
    .refine((s) => s === '' || HEX_COLOUR.test(s), { message: 'colour must be #rrggbb' })
    .transform((s) => s.toLowerCase()),
);

const DMY = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** `dd.mm.yyyy` → Date at UTC midnight, or undefined if the day does not exist (31.02.2024). */
export function parseDayMonthYear(s: string): Date | undefined {
  const m = DMY.exec(s.trim());
  if (!m) return undefined;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
    ? d
    : undefined;
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `dt`: Unix seconds (number or string), ISO 8601 or `dd.mm.yyyy` → Date. */
export function parseDt(v: unknown): Date | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v;
  if (typeof v === 'number') return Number.isFinite(v) ? new Date(v * 1000) : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(s)) return new Date(Number(s) * 1000);
  if (DMY.test(s)) return parseDayMonthYear(s);
  if (ISO.test(s)) {
    // V8 rolls a day the month does not have over into the next month (2025-02-30 is March 2nd).
    const [year, month, day] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}

export const dtField = z.preprocess((v) => parseDt(v) ?? v, z.date({ error: 'expected a date' }));

/** `paidtill`: `dd.mm.yyyy` → Date; empty/absent → null (technical domains are never paid). */
export const paidTillField = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') return parseDayMonthYear(v) ?? v;
  return v;
}, z.date({ error: 'expected dd.mm.yyyy' }).nullable());
