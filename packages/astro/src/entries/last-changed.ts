/**
 * When an entry last changed. The build-time loaders store `changedAt` only where it is not the
 * entry's `dt`: storing that date twice would grow every entry of the store every page reads.
 */
import { entryData, type WithData } from './entry-data.js';

/** The fields an entry dates itself by. */
export interface ChangeTime {
  /** Set by the build-time loaders when the entry changed at a time other than its `dt`. */
  changedAt?: Date | undefined;
  /** The date the service says the record was added (products, articles). */
  dt?: Date | undefined;
}

/** When the entry (or data) last changed: its `changedAt`, else its `dt`; `undefined` when it knows neither. */
export function lastChanged(entry: WithData<ChangeTime>): Date | undefined {
  const data = entryData(entry);
  return validDate(data.changedAt) ?? validDate(data.dt);
}

function validDate(value: unknown): Date | undefined {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : undefined;
}
