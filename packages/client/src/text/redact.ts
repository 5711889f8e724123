/**
 * Key redaction, a leaf module. The key travels in the query string (docs/interface.md,
 * "Authentication"), so every URL and text the client shows goes through here. Mask first, cut
 * after: a text cut before masking can end in the key's first characters, which the mask misses;
 * `redactedPreview` is the one way to shorten such a text.
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
function keyForms(apiKey: string | undefined): string[] {
  return apiKey ? [...new Set([apiKey, encodeURIComponent(apiKey)])] : [];
}

/** A secret made of letters only could be a word of the text around it (a token `wrong`). */
const WORD_LIKE = /^\p{L}+$/u;

/**
 * Where a word-like secret stands as a value: after `=` or `:`, after `Bearer `, or in quotes; and
 * ending where a value ends. The same word in prose (`missing or wrong token`) is no value.
 */
const VALUE_BEFORE = String.raw`(?<=(?:[=:]\s*|\bBearer\s+|["'\x60]))`;
const VALUE_AFTER = String.raw`(?![\p{L}\p{N}_.~-])`;

/**
 * `text` with `secret` (raw and URL-encoded, any letter case: a service may echo it lowercased) as
 * `***`: everywhere, or, for a secret made of letters only, where it stands as a value (see
 * {@link VALUE_BEFORE}), so the same word in a sentence stays readable.
 */
export function maskSecret(text: string, secret?: string): string {
  const forms = keyForms(secret);
  if (forms.length === 0) return text;
  const alternatives = forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = WORD_LIKE.test(secret ?? '')
    ? new RegExp(`${VALUE_BEFORE}(?:${alternatives})${VALUE_AFTER}`, 'giu')
    : new RegExp(alternatives, 'gi');
  return text.replace(pattern, '***');
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
 * window's end lies past the part kept.
 */
export function redactedPreview(text: string, maxChars: number, apiKey?: string): string {
  const margin = Math.max(0, ...keyForms(apiKey).map((f) => f.length)) + 1;
  let window = maxChars + margin;
  for (;;) {
    const masked = redactText(text.slice(0, window), apiKey);
    if (window >= text.length || masked.length >= maxChars + margin) return masked.slice(0, maxChars);
    window *= 2;
  }
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
