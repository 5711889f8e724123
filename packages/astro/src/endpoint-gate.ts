/**
 * The one gate of the package's two endpoints, the dev refresh and the on-demand purge
 * (`acceptJsonPost()`): POST only, a token compared in constant time, a capped body, JSON answers no
 * cache keeps. Web-standard APIs only: the purge endpoint runs on Cloudflare Workers too.
 */
import { issueLines } from '@sitecontent/client/internal';
import type { z } from 'zod';

/** The largest body either endpoint reads. */
export const MAX_ENDPOINT_BODY = 64 * 1024;

/** The token of an `Authorization: Bearer <token>` header, the scheme in any case. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  return /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
}

/** Whether `given` is `expected`, in time independent of where they differ (their SHA-256 compared to the end). */
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

/** Why a body exceeds the cap. */
const TOO_LARGE_BODY = `invalid body: body larger than ${MAX_ENDPOINT_BODY / 1024} KiB`;

/**
 * `text` as JSON, or the reason it is not: `invalid body: not JSON (…)`, without the part of V8's
 * message that quotes the body (`, "{"token": abcdefghij"... is not valid JSON`): that quote is cut
 * where no mask would find a secret the body held.
 */
export function parseJsonBody(text: string): { json: unknown } | { error: string } {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    const reason = (error as Error).message.replace(/, (?:\.\.\.)?".*$/s, '');
    return { error: `invalid body: not JSON (${reason})` };
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

/** A request as both endpoints see it: a web `Request` or Node's `IncomingMessage`, read alike. */
export interface EndpointRequest {
  method: string | undefined;
  header(name: 'authorization' | 'x-sitecontent-token'): string | null | undefined;
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null | undefined;
}

/** Why a request was refused, and the answer's status and headers. */
export interface Refusal {
  status: 400 | 401 | 405 | 413;
  error: string;
  headers?: Record<string, string>;
}

/** The body as `parse` reads it once method, token and body are right, else why not. */
export async function acceptJsonPost<T extends object>(
  request: EndpointRequest,
  token: string,
  parse: (text: string) => T | { error: string },
): Promise<{ body: T } | { refused: Refusal }> {
  if (request.method !== 'POST')
    return { refused: { status: 405, error: 'use POST', headers: { allow: 'POST' } } };
  const given = bearerToken(request.header('authorization')) ?? request.header('x-sitecontent-token');
  if (!given || !(await sameToken(given, token)))
    return { refused: { status: 401, error: 'missing or wrong token' } };
  let text: string | undefined;
  try {
    text = await cappedBodyText(request.body);
  } catch (error) {
    // The request broke off while its body was read.
    return { refused: { status: 400, error: `invalid body: ${(error as Error).message}` } };
  }
  if (text === undefined) return { refused: { status: 413, error: TOO_LARGE_BODY } };
  const body = parse(text);
  return 'error' in body ? { refused: { status: 400, error: body.error } } : { body };
}
