import type { RecordValidationError } from '../errors/record-validation-error.js';

/** Options every method takes as its last argument. */
export interface CallOptions {
  /**
   * Aborts this call (also while it waits for a slot, the back-off gate or a retry); the call
   * rejects with the signal's reason, or with a TimeoutError when the signal timed out
   * (`AbortSignal.timeout(…)`).
   */
  signal?: AbortSignal;
  /**
   * Deadline of this whole call in ms: waiting for a slot or the back-off gate, every attempt and
   * every retry wait. Past it the call fails with a TimeoutError naming the operation and this
   * value. The client's `timeoutMs` still bounds each attempt. @default undefined (no deadline)
   */
  timeoutMs?: number;
  /**
   * Without it, the first invalid record of a list throws a RecordValidationError; with it, each
   * invalid record is reported here and skipped.
   */
  onInvalidRecord?: (err: RecordValidationError) => void;
}
