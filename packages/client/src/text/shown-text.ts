/**
 * Text the service sent, shown inert and short: control and bidirectional characters act in a
 * terminal or CI log (clear, overwrite, forge a line), so each becomes an escape (`\u001b`); a long
 * text is cut. A leaf module; mask the key first (`redactedPreview`), then show.
 */

/** Control characters (C0, DEL, C1), line and paragraph separators, bidirectional controls. */
const ACTING = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** Longest service text a message shows, in UTF-16 code units (before escapes). */
export const SHOWN_TEXT_MAX = 200;

/** Longest record id a message shows. */
const SHOWN_ID_MAX = 64;

/** `text` with every control, separator and bidirectional character written as `\uXXXX`. */
export function escapeControls(text: string): string {
  return text.replace(ACTING, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

/** The first `max` code units of `text`, never ending in half a surrogate pair. */
function head(text: string, max: number): string {
  return text.slice(0, /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max);
}

/** `text` cut to `max` code units, then ending in `…` (never in half a surrogate pair). */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : `${head(text, max)}…`;
}

/** `text` cut to `max` (ending in `…`), every acting character escaped; mask the key first. */
export function shownText(text: string, max: number = SHOWN_TEXT_MAX): string {
  return escapeControls(cutText(text, max));
}

/** `text` JSON-quoted (empty text and edge spaces show), escaped, cut to `max` when given. */
export function quotedText(text: string, max = Number.POSITIVE_INFINITY): string {
  const quoted = (t: string) => escapeControls(JSON.stringify(t));
  return text.length <= max ? quoted(text) : `${quoted(head(text, max))}…`;
}

/** A record or entry id as a message shows it: the id as sent, inert and cut. */
export function shownId(id: string | number): string {
  return shownText(String(id), SHOWN_ID_MAX);
}

/** How a message names a record: `record <id>` (see `shownId`), or `a record` without an id. */
export function shownRecord(recordId: string | number | undefined): string {
  return recordId === undefined ? 'a record' : `record ${shownId(recordId)}`;
}

/** An error's message and its causes' (`fetch failed: connect ECONNREFUSED …`): web `fetch` hides it in `cause`. */
export function failureDetail(error: unknown): string {
  let detail = error instanceof Error ? error.message : String(error);
  for (
    let e: unknown = (error as Error | undefined)?.cause, depth = 0;
    e instanceof Error && depth < 4;
    e = e.cause, depth++
  ) {
    if (e.message && !detail.includes(e.message)) detail = `${detail}: ${e.message}`;
  }
  return detail;
}
