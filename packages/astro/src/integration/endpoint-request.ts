/**
 * What the package's two endpoints — the dev server's refresh (refresh-endpoint.ts) and an on-demand
 * site's purge (purge-endpoint.ts) — do alike with a request: take the token from
 * `Authorization: Bearer <token>`, compare it in constant time, read a body of at most 64 KiB,
 * name what is wrong with a JSON body, and answer in JSON that no cache keeps. Web-standard APIs
 * only: the purge endpoint runs wherever the site does, Cloudflare Workers included.
 */
import { issueLines } from '@sitecontent/client/internal';
import type { z } from 'zod';

/** The largest body either endpoint reads. */
export const MAX_ENDPOINT_BODY = 64 * 1024;

/** The token of an `Authorization: Bearer <token>` header, the scheme in any case. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  return /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
}

/**
 * Whether `given` is the `expected` token, in time that does not depend on where they differ:
 * their SHA-256 digests (equal lengths whatever the tokens) are compared byte by byte, to the end.
 */
export async function sameToken(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

/** The body as UTF-8 text, or `undefined` once it grows past {@link MAX_ENDPOINT_BODY} (reading stops). */
export async function cappedBodyText(
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null | undefined,
): Promise<string | undefined> {
  if (!body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Returning from the loop cancels the stream (or destroys the Node request) behind it.
    if (size > MAX_ENDPOINT_BODY) return undefined;
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** Why a body exceeds the cap, as both endpoints say it. */
export const TOO_LARGE_BODY = `body larger than ${MAX_ENDPOINT_BODY / 1024} KiB`;

/** `text` as JSON, or the reason it is not: `invalid body: not JSON (…)`. */
export function parseJsonBody(text: string): { json: unknown } | { error: string } {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { error: `invalid body: not JSON (${(error as Error).message})` };
  }
}

/** A strict body schema's issues as one line: unknown fields with the known ones, else `path: message`. */
export function bodyIssues(error: z.ZodError, known: readonly string[]): string {
  const issues = issueLines(error.issues, {
    unknownKeys: (keys) => `unknown field(s) ${keys.join(', ')} (known: ${known.join(', ')})`,
  });
  return `invalid body: ${issues.join('; ')}`;
}

/** A JSON answer no cache keeps. */
export function jsonAnswer(
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}
