/**
 * How a load tells the dev refresh endpoint it kept its previous entries (a keep-stale load does
 * not throw): the endpoint puts an array under this key of the refresh context, which Astro hands
 * each load, and such a load adds its report.
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
