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
