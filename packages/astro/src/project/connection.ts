/**
 * Where a loader's connection comes from: its own options, else the integration's settings, else
 * the environment (the integration's read of `.env` files and `process.env`, then `process.env`).
 */

import { SiteContentConnectionError } from '../errors/connection-error.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_CONCURRENCY } from '../options/integration-options.js';
import type { ConnectionOptions } from '../options/loader-options.js';
import { integrationSettings } from './project-registry.js';

export interface ResolvedConnection {
  baseUrl: string;
  apiKey: string;
  sid: number;
  /** Where the limit starts. */
  concurrency: number;
  /** The ceiling of the limit (the fan-outs keep this many calls going, so it can grow). */
  maxConcurrency: number;
  adaptive: boolean;
}

/** The connection of a loader in the project at `root`; names every missing setting at once. */
export function resolveConnection(
  collection: string,
  options: ConnectionOptions,
  root: URL | string | undefined,
): ResolvedConnection {
  const settings = integrationSettings(root);
  const env = (name: string) => {
    const value = settings?.env[name] ?? process.env[name];
    return value === '' ? undefined : value;
  };
  const baseUrl = options.baseUrl ?? settings?.baseUrl ?? env('SITECONTENT_BASE_URL');
  const apiKey = options.apiKey ?? settings?.apiKey ?? env('SITECONTENT_API_KEY');
  const sidText = env('SITECONTENT_SID');
  const sid = options.sid ?? settings?.sid ?? (sidText === undefined ? undefined : Number(sidText));
  const missing: string[] = [];
  if (!baseUrl) missing.push('baseUrl');
  if (!apiKey) missing.push('apiKey');
  if (sid === undefined || !Number.isInteger(sid) || sid <= 0) missing.push('sid');
  if (missing.length > 0) throw new SiteContentConnectionError(collection, missing, settings !== undefined);
  const concurrency = settings?.concurrency ?? DEFAULT_CONCURRENCY;
  return {
    baseUrl: baseUrl!,
    apiKey: apiKey!,
    sid: sid!,
    concurrency,
    // Registered settings without a ceiling keep `concurrency` as the ceiling, as the client does.
    maxConcurrency: settings ? (settings.maxConcurrency ?? concurrency) : DEFAULT_MAX_CONCURRENCY,
    adaptive: settings?.adaptive ?? true,
  };
}
