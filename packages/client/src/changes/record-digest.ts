/**
 * The digest of a record as its pages show it: 64 bits of two 32-bit hashes over a canonical JSON
 * text (keys sorted, dates as ISO text), written as 16 hex digits. Not cryptographic: it tells an
 * edited record from an unchanged one, in plain JavaScript so it runs wherever the client runs
 * (Node, Workers), synchronously, a million times a cycle.
 */

/** Canonical JSON: object keys sorted at every depth, so the same record always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** 64-bit digest of `text`: FNV-1a and a murmur-style multiply-xorshift lane, 32 bits each. */
export function textDigest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b = Math.imul(b ^ (b >>> 16), 0xc2b2ae35);
  b ^= b >>> 16;
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The digest of a record and what is shown with it (its modifications, its meta), in one value. */
export function recordDigest(...parts: unknown[]): string {
  return textDigest(canonicalJson(parts.length === 1 ? parts[0] : parts));
}
