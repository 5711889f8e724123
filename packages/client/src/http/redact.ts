/**
 * Key redaction. The API key travels in the query string (spec "Authentication"), so every URL the
 * client shows — in messages, `toString()`, `toJSON()`, `util.inspect` and logs — goes through here.
 */

const KEY_PARAM = /([?&]key=)[^&#\s'"]*/gi;

/** `url` with the value of its `key` query parameter replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(KEY_PARAM, '$1***');
}

/**
 * `text` with every `key=` query value masked and, when the key is known, every literal occurrence of
 * it (raw and URL-encoded) replaced too: undici errors and service messages may echo the key
 * outside a `key=` pair.
 */
export function redactText(text: string, apiKey?: string): string {
  let out = redactUrl(text);
  if (apiKey && apiKey.length > 0) {
    for (const form of new Set([apiKey, encodeURIComponent(apiKey)])) {
      out = out.split(form).join('***');
    }
  }
  return out;
}

/** A plain, key-free copy of an underlying error (e.g. from undici) to keep as `cause`. */
export function sanitizeCause(err: unknown, apiKey?: string): Error | undefined {
  if (err === undefined || err === null) return undefined;
  const source = err instanceof Error ? err : new Error(String(err));
  const copy = new Error(redactText(source.message, apiKey));
  copy.name = source.name;
  const code = (source as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') {
    Object.defineProperty(copy, 'code', { value: code, enumerable: true });
  }
  copy.stack = source.stack === undefined ? undefined : redactText(source.stack, apiKey);
  return copy;
}
