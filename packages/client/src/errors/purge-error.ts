/** The endpoint refused the purge or could not be reached; `status` 0 when no answer came. */
export class PurgeError extends Error {
  override readonly name = 'PurgeError';
  readonly code = 'purge_failed';
  readonly status: number;
  /** The endpoint's URL (no token). */
  readonly url: string;

  constructor(url: string, status: number, detail: string, options?: { cause?: unknown }) {
    super(`purge at ${url} failed: ${detail}`, options);
    this.url = url;
    this.status = status;
  }
}
