/**
 * How a load tells the dev refresh endpoint that it kept its previous entries: a failed fetch under
 * `keep-stale` does not throw, so `refreshContent()` resolves as if all went well. The endpoint puts
 * an array under this key of the refresh context (Astro hands it to each load as
 * `refreshContextData`, the same object), and such a load adds its report to it.
 */
export const REFRESH_REPORT_KEY = 'sitecontentKeptStale';

export interface KeptStaleReport {
  collection: string;
  /** The load's warning: the failure and how many entries were kept. */
  message: string;
}

/** Adds a report when the sync runs for the refresh endpoint; otherwise does nothing. */
export function reportKeptStale(
  refreshContextData: Record<string, unknown> | undefined,
  report: KeptStaleReport,
) {
  const reports = refreshContextData?.[REFRESH_REPORT_KEY];
  if (Array.isArray(reports)) reports.push(report);
}
