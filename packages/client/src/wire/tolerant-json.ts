/**
 * Tolerant JSON (docs/interface.md, "Wire format"): strict `JSON.parse`, then JSON5 for the
 * reference payloads' trailing commas. JSON5 costs far more memory, so it only runs on small bodies
 * nested no deeper than real records; anything else strict parsing refuses stays refused.
 */
import JSON5 from 'json5';

export type ParseOutcome = { ok: true; value: unknown; tolerant: boolean } | { ok: false; reason: string };

/** Limits of the tolerant fallback. */
export interface TolerantLimits {
  /** Longest text (in UTF-16 code units) the tolerant parser runs on. @default 1048576 (1 MiB) */
  maxChars?: number;
  /** Deepest nesting of arrays and objects the tolerant parser runs on. @default 64 */
  maxDepth?: number;
}

export const TOLERANT_LIMITS = { maxChars: 1024 * 1024, maxDepth: 64 } as const satisfies TolerantLimits;

export function parseTolerantJson(text: string, limits: TolerantLimits = {}): ParseOutcome {
  if (text.trim() === '') return { ok: false, reason: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text), tolerant: false };
  } catch {
    // V8's message quotes a cut of the body, which may hold a cut of the key: never shown.
    const refused = tolerantRefusal(text, { ...TOLERANT_LIMITS, ...limits });
    if (refused !== undefined) return { ok: false, reason: `not JSON (${refused})` };
  }
  try {
    return { ok: true, value: JSON5.parse(text), tolerant: true };
  } catch (err) {
    // JSON5 names one character and its line and column, nothing more of the body.
    return { ok: false, reason: `not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** Why the tolerant parser must not run on `text`, or undefined when it may. */
function tolerantRefusal(text: string, limits: Required<TolerantLimits>): string | undefined {
  if (text.length > limits.maxChars) {
    return `too long for the tolerant parser (over ${limits.maxChars} characters)`;
  }
  if (nestingExceeds(text, limits.maxDepth)) {
    return `nested deeper than ${limits.maxDepth} levels, refused by the tolerant parser`;
  }
  return undefined;
}

/** Whether brackets nest deeper than `max`: a linear scan; brackets in comments can only make it refuse. */
function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[' || c === '{') {
      if (++depth > max) return true;
    } else if (c === ']' || c === '}') {
      depth--;
    }
  }
  return false;
}

/** What a JSON value is, for messages: `object`, `null`, `string`, … */
export function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
