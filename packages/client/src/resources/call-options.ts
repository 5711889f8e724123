import type { RecordValidationError } from '../errors/record-validation-error.js';

/** Options every method takes as its last argument. */
export interface CallOptions {
  /** Aborts this call, waits included; it rejects with the signal's reason (a TimeoutError for a timeout). */
  signal?: AbortSignal;
  /**
   * Deadline of this whole call in ms (slot, gate, attempts, retry waits), past which it fails with
   * a TimeoutError; the client's `timeoutMs` still bounds each attempt. @default undefined (no deadline)
   */
  timeoutMs?: number;
  /** Reports each invalid record and skips it; without it the first one throws a RecordValidationError. */
  onInvalidRecord?: (err: RecordValidationError) => void;
}

/** Options of a `read()`: a call's, and what an earlier answer of the same read tells. */
export interface ReadOptions extends CallOptions {
  /**
   * The `bodyDigest` of an earlier answer to this read whose records were typed: an answer with the
   * same body (an unchanged catalog) is not parsed until its records are asked for, which a caller
   * that keeps what it made of the earlier one never does. @default none: every answer is parsed
   */
  knownBodyDigest?: string;
}
