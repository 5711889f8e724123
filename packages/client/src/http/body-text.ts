/** A body's bytes as text, alike over both transports: UTF-8 unless `Content-Type` says otherwise, BOM dropped. */

/** The charset `contentType` declares, as written; `undefined` for none. */
function parseCharset(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
}

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'us-ascii']);
const utf8 = new TextDecoder('utf-8');

/** The text of `bytes` (on Node, ASCII as a one-byte string); `unreadable` for an undecodable charset. */
export function bodyText(
  bytes: Uint8Array,
  contentType: string,
  unreadable: (reason: string) => Error,
): string {
  const charset = parseCharset(contentType);
  if (charset === undefined || UTF8_LABELS.has(charset.toLowerCase())) {
    if (typeof Buffer !== 'undefined' && Buffer.isBuffer(bytes)) {
      const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      return bytes.toString('utf8', bom ? 3 : 0);
    }
    return utf8.decode(bytes);
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset.toLowerCase());
  } catch {
    throw unreadable(
      `Content-Type names the charset ${JSON.stringify(charset)}, which this runtime cannot decode`,
    );
  }
  return decoder.decode(bytes);
}

/** One header's value as one string (a repeated header joined as HTTP joins it). */
export function headerValue(value: string | readonly string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : ((value as string | undefined) ?? '');
}

/** Content codings a transport inflates (`fetch` does it itself; undici's transport with zlib). */
export const READABLE_ENCODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/** Why a body in `encoding` cannot be read. */
export const unknownEncodingReason = (encoding: string): string =>
  `Content-Encoding ${JSON.stringify(encoding)} is not one the client can read (gzip, deflate, br)`;

/** Why a body that says it is in `encoding` but is not cannot be read. */
export const notInflatingReason = (encoding: string, message: string): string =>
  `Content-Encoding ${encoding}, but the body does not inflate (${message})`;

/** The `Content-Encoding` of an answer, trimmed and lower-cased; `''` for none or `identity`. */
export function parseContentEncoding(value: string | readonly string[] | undefined): string {
  const encoding = headerValue(value).trim().toLowerCase();
  return encoding === 'identity' ? '' : encoding;
}
