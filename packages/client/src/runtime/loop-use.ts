/**
 * How busy the event loop has been, as the loaders' sliced work reads it: work done between answers
 * (typing a read's rows, staging entries) holds up the answers waiting to be read and the requests
 * waiting to be written, so it comes in short slices while the loop mostly waits on the service, and
 * in longer ones once the loop is busy, where each extra turn of the loop only costs. Measured on
 * 2 cores: a products load keeps the loop busy 30–70 % of the time at 20 ms of latency, 80–100 % at 0 ms.
 */

/** Event-loop use (0–1) below which the loop is taken as waiting on the service. */
export const WAITING_USE = 0.75;

/** The shortest stretch a reading of the loop's use spans (ms). */
export const LOOP_USE_WINDOW_MS = 25;

/** Reads the loop's use (0–1) over its last window; `undefined` where the runtime cannot tell. */
export type LoopUseGauge = () => number | undefined;

/**
 * `waiting` while the loop was busy less than `WAITING_USE` of its last window, else `busy` (also
 * where the runtime cannot tell): the one rule each sliced piece of work sizes its slices by.
 */
export function byLoopUse<T>(loopUse: number | undefined, waiting: T, busy: T): T {
  return loopUse !== undefined && loopUse < WAITING_USE ? waiting : busy;
}
