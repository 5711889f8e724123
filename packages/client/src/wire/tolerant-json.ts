/**
 * Tolerant JSON (DESIGN "Wire format"): strict `JSON.parse` first; only when that fails, JSON5 —
 * a maintained parser — which accepts the reference payloads' trailing commas. Repeated keys keep
 * the last value in both parsers.
 */
import JSON5 from 'json5';

export type ParseOutcome = { ok: true; value: unknown; tolerant: boolean } | { ok: false; reason: string };

export function parseTolerantJson(text: string): ParseOutcome {
  if (text.trim() === '') return { ok: false, reason: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text), tolerant: false };
  } catch {
    // fall through to the tolerant parser
  }
  try {
    return { ok: true, value: JSON5.parse(text), tolerant: true };
  } catch (err) {
    return { ok: false, reason: `not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** What a JSON value is, for messages: `object`, `null`, `string`, … */
export function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
