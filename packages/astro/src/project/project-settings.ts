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
  /**
   * The photos' origin when `site/DomainDefault` fails during a sync: the integration's reads the
   * domain the last successful lookup remembered in Astro's cache directory (remembered-domain.ts).
   */
  fallbackSiteOrigin?: (() => string | undefined) | undefined;
  /** Environment values read at config time (`process.env` over `.env` files). */
  env: Readonly<Record<string, string | undefined>>;
}

/** The integration's options that every client of the project is given as they are. */
const CLIENT_OPTION_KEYS = [
  'concurrency',
  'maxConcurrency',
  'adaptive',
  'timeoutMs',
  'maxResponseBytes',
  'retries',
  'paramEncoding',
] as const satisfies readonly (keyof ProjectClientOptions)[];

/** The settings of the integration's checked options, the environment it read and the photos' fallback. */
export function projectSettingsOf(
  options: ResolvedSiteContentOptions,
  env: ProjectSettings['env'],
  fallbackSiteOrigin?: () => string | undefined,
): ProjectSettings {
  const client: ProjectClientOptions = {};
  for (const key of CLIENT_OPTION_KEYS) {
    if (options[key] !== undefined) Object.assign(client, { [key]: options[key] });
  }
  return {
    connection: { baseUrl: options.baseUrl, apiKey: options.apiKey, sid: options.sid },
    client,
    metaMaxAge: options.metaMaxAge,
    fallbackSiteOrigin,
    env,
  };
}

/** Loaders used without the integration: its defaults, and connections from `process.env`. */
export const standaloneSettings = (): ProjectSettings => projectSettingsOf(siteContentDefaults, {});
