/**
 * What a project's loaders take from the integration: its checked options, grouped by where they go.
 * The API key is only ever held here, in memory: never in the Astro config (whose JSON Astro stores
 * in the data store's meta), never in entries.
 */
import type { ClientOptions } from '@sitecontent/client';
import { type ResolvedSiteContentOptions, siteContentDefaults } from '../options/integration-options.js';

/** The client options a project hands each of its clients as they are. */
export type ProjectClientOptions = Partial<
  Pick<
    ClientOptions,
    | 'concurrency'
    | 'maxConcurrency'
    | 'adaptive'
    | 'timeoutMs'
    | 'maxResponseBytes'
    | 'retries'
    | 'paramEncoding'
  >
>;

export interface ProjectSettings {
  /** Connection settings given in code; each one missing comes from the environment. */
  connection: Partial<Pick<ClientOptions, 'baseUrl' | 'apiKey' | 'sid'>>;
  /**
   * Passed to every client of the project as given. Without `maxConcurrency`, `concurrency` is also
   * the ceiling, as the client reads it; the integration always sets both.
   */
  client: ProjectClientOptions;
  /** Default `maxAge` of the loaders' meta cache, in ms (0: ask every time). */
  metaMaxAge: number;
  /** Astro's cache directory (`href`), where the last known site domain is remembered. */
  cacheDir?: string | undefined;
  /** Environment values read at config time (`process.env` over `.env` files). */
  env: Readonly<Record<string, string | undefined>>;
}

/** The settings of the integration's checked options, the environment it read and Astro's cache dir. */
export function projectSettingsOf(
  options: ResolvedSiteContentOptions,
  env: ProjectSettings['env'],
  cacheDir: URL | undefined,
): ProjectSettings {
  const {
    baseUrl,
    apiKey,
    sid,
    metaMaxAge,
    setSite: _setSite,
    remoteImages: _remoteImages,
    refreshEndpoint: _refreshEndpoint,
    metaWriteBack: _metaWriteBack,
    onDemand: _onDemand,
    ...client
  } = options;
  return {
    connection: { baseUrl, apiKey, sid },
    client,
    metaMaxAge,
    cacheDir: cacheDir?.href,
    env,
  };
}

/** Loaders used without the integration: its defaults, and connections from `process.env`. */
export const standaloneSettings = (): ProjectSettings =>
  projectSettingsOf(siteContentDefaults, {}, undefined);
