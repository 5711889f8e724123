/** A request to a site's purge endpoint (`POST /_sitecontent/purge`); the token is never shown. */

import { PurgeError } from '../errors/purge-error.js';
import { maskSecret, sanitizeCause } from '../text/redact.js';
import { shortSecretProblem } from '../text/secret-length.js';
import { failureDetail } from '../text/shown-text.js';

/** Entry ids per collection kind, and tags, as the endpoint's body takes them. */
export interface PurgeTargets {
  products?: readonly (string | number)[];
  articles?: readonly (string | number)[];
  /** Section entry ids: their `tx`. */
  sections?: readonly string[];
  tags?: readonly string[];
}

export interface PurgeRequest {
  /** The site's origin (or any URL on it), e.g. `https://shop.example`. */
  siteUrl: string;
  /** The site's `SITECONTENT_PURGE_TOKEN`: 16 characters or more, a shorter one is refused. */
  token: string;
  targets: PurgeTargets;
  /** Path of the endpoint. @default '/_sitecontent/purge' */
  path?: string;
  /** Per-request timeout in ms. @default 30000 */
  timeoutMs?: number;
}

/** Environment variables of the purge: where the site is, and its token. */
export const PURGE_SITE_URL_ENV = 'SITECONTENT_SITE_URL';
export const PURGE_TOKEN_ENV = 'SITECONTENT_PURGE_TOKEN';
export const DEFAULT_PURGE_PATH = '/_sitecontent/purge';

/** Whether `targets` names anything (an empty purge is not sent). */
export function namesAnything(targets: PurgeTargets): boolean {
  return Object.values(targets).some((list) => list !== undefined && list.length > 0);
}

/** Sends the purge; resolves with the tags the site purged, rejects with a `PurgeError`. */
export async function purgePages(request: PurgeRequest): Promise<string[]> {
  const url = new URL(request.path ?? DEFAULT_PURGE_PATH, request.siteUrl).href;
  const tooShort = shortSecretProblem(PURGE_TOKEN_ENV, request.token);
  if (tooShort !== undefined) throw new PurgeError(url, 0, tooShort);
  const body = Object.fromEntries(
    Object.entries(request.targets).filter(([, list]) => list !== undefined && list.length > 0),
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
    });
  } catch (error) {
    // `fetch failed` alone hides why: the refused connection, DNS or TLS failure is in its cause.
    throw new PurgeError(url, 0, maskSecret(failureDetail(error), request.token), {
      cause: sanitizeCause(error, request.token),
    });
  }
  const text = await response.text();
  let answer: { ok?: unknown; purged?: unknown; error?: unknown } = {};
  try {
    answer = JSON.parse(text);
  } catch {
    // Not the endpoint's JSON (a proxy's page, a site without it): the status says enough.
  }
  if (response.status !== 200 || answer.ok !== true || !Array.isArray(answer.purged)) {
    const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${response.status}`;
    throw new PurgeError(url, response.status, maskSecret(reason, request.token));
  }
  return answer.purged.map(String);
}
