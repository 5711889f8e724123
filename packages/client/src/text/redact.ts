/**
 * Key redaction, a leaf module: the errors and the HTTP layer both import it, it imports nothing.
 * The API key travels in the query string (see docs/interface.md, "Authentication"), so every URL
 * and text the client shows — in messages, `toString()`, `toJSON()`, `util.inspect`, logs and CLI
 * output — goes through here.
 *
 * Mask first, cut after: a text cut to a length before it is masked can end in the first
 * characters of the key, which the mask (looking for the whole key) then misses. `redactedPreview`
 * is the one way to shorten a text that may hold the key.
 */

/**
 * A `key=` query value. An already masked value (`***` at the value's end, or before a `)` that
 * closes a message's `(url)`) is matched alone, so masking a masked text again changes nothing: the
 * value's class would otherwise take that `)` with it.
 */
const KEY_PARAM = /([?&]key=)(?:\*\*\*(?=[)&#\s'"]|$)|[^&#\s'"]*)/gi;

/** `url` with the value of its `key` query parameter replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(KEY_PARAM, '$1***');
}

/** The forms in which a known key can appear in a text: raw and URL-encoded. */
function keyForms(apiKey: string | undefined): string[] {
  return apiKey ? [...new Set([apiKey, encodeURIComponent(apiKey)])] : [];
}

/**
 * `text` with every occurrence of `apiKey` (raw and URL-encoded, in any letter case: a service may
 * echo it lowercased) replaced by `***`.
 */
export function maskKey(text: string, apiKey?: string): string {
  const forms = keyForms(apiKey);
  if (forms.length === 0) return text;
  const anyCase = new RegExp(
    forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'gi',
  );
  return text.replace(anyCase, '***');
}

/**
 * `text` with every `key=` query value masked and, when the key is known, every literal occurrence of
 * it (raw and URL-encoded) replaced too: undici errors and service messages may echo the key
 * outside a `key=` pair.
 */
export function redactText(text: string, apiKey?: string): string {
  return maskKey(redactUrl(text), apiKey);
}

/**
 * The first `maxChars` characters of `text` once masked (see `redactText`), without masking all of a
 * possibly huge text. A window of the text is masked, then cut; the window grows until the masked
 * window is longer than `maxChars` by at least the longest key form, so the only occurrence the
 * mask can miss — one cut by the window's end — lies wholly past the part that is kept.
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
