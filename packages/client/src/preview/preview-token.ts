/**
 * Editors' preview links (docs/architecture.md, "Preview"): a token `<expiry>.<signature>` in the
 * `preview` query parameter, the signature an HMAC-SHA256 over the record's kind, id and expiry
 * with the secret both the CLI and the on-demand server have. Web Crypto only: the server may run on
 * an edge host.
 */

/** Where the CLI and the on-demand server read the shared secret; without it preview is off. */
export const PREVIEW_SECRET_ENV = 'SITECONTENT_PREVIEW_SECRET';
/** The query parameter of a preview link. */
export const PREVIEW_PARAM = 'preview';
/** The kinds of record a link may show. */
export const PREVIEW_KINDS = ['product', 'article', 'section'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

const encoder = new TextEncoder();

async function signature(kind: PreviewKind, id: string, expiry: number, secret: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // Newline-separated: no id or kind holds one, so two different triples never sign the same text.
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${kind}\n${id}\n${expiry}`)));
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** The token of a link to `kind` `id` that stops working at `expiresAt` (Unix seconds). */
export async function signPreview(
  kind: PreviewKind,
  id: string,
  expiresAt: number,
  secret: string,
): Promise<string> {
  return `${expiresAt}.${base64url(await signature(kind, id, expiresAt, secret))}`;
}

/**
 * Whether `token` opens `kind` `id` at `now` (Unix seconds): well formed, unexpired and signed with
 * `secret`. The signatures are compared byte by byte to the end, whatever differs.
 */
export async function previewAllowed(
  token: string,
  kind: PreviewKind,
  id: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  const match = /^([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || secret === '') return false;
  const expiry = Number(match[1]);
  const expected = await signature(kind, id, expiry, secret);
  const given = match[2] as string;
  const wanted = base64url(expected);
  let difference = given.length ^ wanted.length;
  for (let i = 0; i < wanted.length; i++) difference |= given.charCodeAt(i) ^ wanted.charCodeAt(i);
  return difference === 0 && expiry > now;
}
