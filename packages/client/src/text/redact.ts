/**
 * Key and secret redaction, a leaf module. The key travels in the query string (docs/interface.md,
 * "Authentication"), so every URL and text the client shows goes through here. Mask first, cut
 * after: a text cut before masking can end in the key's first characters, which the mask misses;
 * `maskedHead` is the one way to shorten such a text, and masks a piece of the key its cut leaves.
 */

/**
 * A `key=` value. An already masked one (`***` at the end, or before a message's closing `)`) is
 * matched alone, so masking twice changes nothing.
 */
const KEY_PARAM = /([?&]key=)(?:\*\*\*(?=[)&#\s'"]|$)|[^&#\s'"]*)/gi;

/** `url` with the value of its `key` query parameter replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(KEY_PARAM, '$1***');
}

/** The forms in which a known secret can appear in a text: raw and URL-encoded. */
function secretForms(secret: string | undefined): string[] {
  return secret ? [...new Set([secret, encodeURIComponent(secret)])] : [];
}

/**
 * The shortest piece of a secret masked where a text was cut inside it. Shorter pieces would mask
 * ordinary text by chance; a whole secret is masked wherever it stands.
 */
export const MIN_MASKED_PIECE = 6;

/**
 * `text` with every occurrence of `secret` (raw and URL-encoded, any letter case: a service may echo
 * it lowercased) as `***`, whatever stands around it: a secret is never a word of the text, since the
 * key is the service's and the user's secrets are refused below 16 characters. A piece of the secret
 * at the text's start or end (a text cut inside it, by the service or by a preview) is masked too.
 */
export function maskSecret(text: string, secret?: string): string {
  const forms = secretForms(secret);
  if (forms.length === 0) return text;
  const alternatives = forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return maskCutPieces(maskOccurrences(text, alternatives), forms);
}

/**
 * `text` with every occurrence of the `alternatives` pattern as `***`, occurrences that overlap (a
 * secret that repeats itself, `abab…`, in a text that repeats it further) masked as one: masking
 * only the first would leave the rest of the others.
 */
function maskOccurrences(text: string, alternatives: string): string {
  const next = new RegExp(alternatives, 'gi');
  const at = new RegExp(alternatives, 'iy');
  let out = '';
  let shown = 0;
  for (let match = next.exec(text); match !== null; match = next.exec(text)) {
    let end = match.index + match[0].length;
    for (let i = match.index + 1; i < end; i++) {
      at.lastIndex = i;
      const overlapping = at.exec(text);
      if (overlapping !== null) end = Math.max(end, i + overlapping[0].length);
    }
    out += `${text.slice(shown, match.index)}***`;
    shown = end;
    next.lastIndex = end;
  }
  return shown === 0 ? text : out + text.slice(shown);
}

/**
 * `text` with its longest start that ends a form, and its longest end that starts one, as `***`,
 * each at least {@link MIN_MASKED_PIECE} characters (any letter case).
 */
function maskCutPieces(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms.map((f) => f.toLowerCase())) {
    const most = () => Math.min(form.length, out.length);
    const end = longestPiece(most(), (n) => out.slice(-n).toLowerCase() === form.slice(0, n));
    if (end > 0) out = `${out.slice(0, -end)}***`;
    const start = longestPiece(most(), (n) => out.slice(0, n).toLowerCase() === form.slice(-n));
    if (start > 0) out = `***${out.slice(start)}`;
  }
  return out;
}

/** The largest length from `most` down to {@link MIN_MASKED_PIECE} that `fits`, else 0. */
function longestPiece(most: number, fits: (length: number) => boolean): number {
  for (let n = most; n >= MIN_MASKED_PIECE; n--) if (fits(n)) return n;
  return 0;
}

/** `text` with the API key masked (see {@link maskSecret}). */
export function maskKey(text: string, apiKey?: string): string {
  return maskSecret(text, apiKey);
}

/** `text` with every `key=` value masked, and the key itself where known (errors may echo it elsewhere). */
export function redactText(text: string, apiKey?: string): string {
  return maskKey(redactUrl(text), apiKey);
}

/**
 * The first `maxChars` characters of `text` once masked, without masking all of a huge text: a
 * window grows until its masked form exceeds `maxChars` by the longest key form, so a key cut by the
 * window's end lies past the part kept. `cut` tells whether text was left out.
 */
export function maskedHead(text: string, maxChars: number, apiKey?: string): { head: string; cut: boolean } {
  const forms = secretForms(apiKey);
  const margin = Math.max(0, ...forms.map((f) => f.length)) + 1;
  let window = maxChars + margin;
  for (;;) {
    const masked = redactText(text.slice(0, window), apiKey);
    if (window >= text.length || masked.length >= maxChars + margin) {
      if (masked.length <= maxChars) return { head: masked, cut: false };
      // Never half a surrogate pair; and the kept part may end in a piece of the key that the text
      // held apart from a whole key.
      const end = /[\ud800-\udbff]/.test(masked[maxChars - 1] ?? '') ? maxChars - 1 : maxChars;
      return { head: maskCutPieces(masked.slice(0, end), forms), cut: true };
    }
    window *= 2;
  }
}

/** The first `maxChars` characters of `text` once masked (see {@link maskedHead}). */
export function redactedPreview(text: string, maxChars: number, apiKey?: string): string {
  return maskedHead(text, maxChars, apiKey).head;
}

/** A plain, key-free copy of an underlying error (e.g. from undici) to keep as `cause`. */
export function sanitizeCause(err: unknown, apiKey?: string, depth = 0): Error | undefined {
  if (err === undefined || err === null) return undefined;
  const source = err instanceof Error ? err : new Error(String(err));
  // `fetch failed` says nothing by itself: its cause (ECONNREFUSED, a DNS or TLS failure) is kept,
  // masked the same way, a few levels deep.
  const inner =
    depth < 3 && source.cause !== undefined ? sanitizeCause(source.cause, apiKey, depth + 1) : undefined;
  const copy = new Error(
    redactText(source.message, apiKey),
    inner === undefined ? undefined : { cause: inner },
  );
  copy.name = source.name;
  const code = (source as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') {
    Object.defineProperty(copy, 'code', { value: code, enumerable: true });
  }
  copy.stack = source.stack === undefined ? undefined : redactText(source.stack, apiKey);
  return copy;
}
