/** One HTTP answer as the body array or the right error (docs/interface.md, "Wire format"). */
import { AuthError, HttpStatusError, NotFoundError } from '../errors/http-status-error.js';
import { ResponseFormatError } from '../errors/response-format-error.js';
import { WriteRejectedError } from '../errors/write-rejected-error.js';
import { maskedHead, redactedPreview, redactText } from '../text/redact.js';
import { SHOWN_TEXT_MAX } from '../text/shown-text.js';
import { jsonKind, parseTolerantJson } from '../wire/tolerant-json.js';
import { parseRetryAfter } from './backoff-gate.js';
import { isWrite, type OperationName } from './operations.js';
import type { RawResponse } from './transport.js';

/** A text from the service's answer, key-masked and cut: a hostile megabyte stays out of the log. */
function str(v: unknown, apiKey?: string): string | undefined {
  const s = plain(v);
  if (s === undefined) return undefined;
  // Cut where the key was masked, so no piece of it is left at the cut.
  const { head, cut } = maskedHead(s, SHOWN_TEXT_MAX, apiKey);
  return cut ? `${head}…` : head;
}

function firstObject(v: unknown): Record<string, unknown> | undefined {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return first !== null && typeof first === 'object' && !Array.isArray(first)
    ? (first as Record<string, unknown>)
    : undefined;
}

/** What a message shows of a body that is not the error shape: an HTML page's title, else its start. */
function previewableBodyText(text: string, apiKey?: string): string | undefined {
  const preview = redactedPreview(text, 2048, apiKey);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(preview)?.[1];
  const shown = (title ?? (/^\s*</.test(preview) ? '' : preview)).replace(/\s+/g, ' ').trim();
  return shown === '' ? undefined : shown;
}

/** `[{ message, error }]` and nothing else: the service's error body, never a record (records have ids). */
function isErrorBody(v: unknown): boolean {
  if (!Array.isArray(v) || v.length !== 1) return false;
  const keys = Object.keys(v[0] as object);
  return keys.every((key) => key === 'message' || key === 'error') && keys.includes('error');
}

const plain = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/** The rows of an answer, or the error it stands for; `apiKey` masks the key should the service echo it. */
export function interpretResponse(
  op: OperationName,
  url: string,
  res: RawResponse,
  apiKey?: string,
): unknown[] {
  const parsed = parseTolerantJson(res.text);
  const head = parsed.ok ? firstObject(parsed.value) : undefined;
  const isServiceError = head !== undefined && 'error' in head;

  // A write whose `message` is not `Ok` is an error whatever the status (docs/interface.md),
  // unless the body is the service's error shape, which the status mapping below names better.
  const ok2xx = res.status >= 200 && res.status < 300;
  if (isWrite(op) && head && (ok2xx || !isServiceError) && 'message' in head && head.message !== 'Ok') {
    throw new WriteRejectedError({
      operation: op,
      url,
      status: res.status,
      serviceMessage: str(head.message, apiKey) ?? '',
    });
  }
  if (!ok2xx) throw statusError(op, url, res, head, apiKey);
  const problem = unusableBody(op, parsed, head, apiKey);
  if (problem !== undefined) {
    throw new ResponseFormatError({
      operation: op,
      url,
      status: res.status,
      // Only a failure shows the body; masking it on every success cost as much as parsing small bodies.
      bodyPreview: redactedPreview(res.text, SHOWN_TEXT_MAX, apiKey),
      ...problem,
    });
  }
  // `unusableBody` found none: the body parsed, as an array.
  return (parsed as Extract<typeof parsed, { ok: true }>).value as unknown[];
}

/** The error of a status outside 2xx: 401/403 and 404 have classes of their own. */
function statusError(
  op: OperationName,
  url: string,
  res: RawResponse,
  head: Record<string, unknown> | undefined,
  apiKey: string | undefined,
): HttpStatusError {
  const isServiceError = head !== undefined && 'error' in head;
  const options = {
    operation: op,
    url,
    status: res.status,
    serviceCode: isServiceError ? str(head.error, apiKey) : undefined,
    serviceMessage: head ? str(head.message, apiKey) : undefined,
    retryAfterMs: parseRetryAfter(res.headers['retry-after']),
    bodyText: head ? undefined : previewableBodyText(res.text, apiKey),
    location:
      res.status >= 300 && res.status < 400 && typeof res.headers.location === 'string'
        ? redactText(res.headers.location, apiKey)
        : undefined,
  };
  if (res.status === 401 || res.status === 403) return new AuthError(options);
  if (res.status === 404) return new NotFoundError(options);
  return new HttpStatusError(options);
}

/** Why a 2xx body cannot be read as rows, if it cannot. */
function unusableBody(
  op: OperationName,
  parsed: ReturnType<typeof parseTolerantJson>,
  head: Record<string, unknown> | undefined,
  apiKey: string | undefined,
): { reason: string; unparseable?: true } | undefined {
  if (!parsed.ok) return { reason: redactText(parsed.reason, apiKey), unparseable: true };
  // The error shape on a success status (a service whose database is down answering 200): its
  // message says what happened, where reading it as a record would only report missing fields.
  if (!isWrite(op) && head !== undefined && 'error' in head && isErrorBody(parsed.value)) {
    return {
      reason: `an error answered as a success: ${str(head.message, apiKey) ?? ''} (${str(head.error, apiKey) ?? ''})`,
    };
  }
  if (!Array.isArray(parsed.value)) return { reason: `expected a JSON array, got ${jsonKind(parsed.value)}` };
  return undefined;
}
