/** Calling a function the project gave as a loader option (`productUrl`, `metaModule`) for one record. */
import { SiteContentCallbackError } from '../errors/callback-error.js';

/** Calls a loader option's function for a record; a throw or non-string is a {@link SiteContentCallbackError}. */
export function callOption(
  collection: string,
  option: string,
  recordId: number | string,
  call: () => unknown,
): string {
  let value: unknown;
  try {
    value = call();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteContentCallbackError(collection, option, recordId, `threw: ${message}`, { cause: error });
  }
  if (typeof value !== 'string' || value === '') {
    const shown = typeof value === 'string' ? '""' : value === null ? 'null' : typeof value;
    throw new SiteContentCallbackError(
      collection,
      option,
      recordId,
      `returned ${shown} instead of a non-empty string`,
    );
  }
  return value;
}
