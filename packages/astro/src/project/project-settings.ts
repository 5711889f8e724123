/**
 * What a project's loaders take from the integration, grouped by where it goes. The API key is held
 * only here, in memory: never in the Astro config (which Astro stores) or in entries.
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
  /** Passed to every client as given; the integration always sets both concurrency options. */
  client: ProjectClientOptions;
  /** Default `maxAge` of the loaders' meta cache, in ms (0: ask every time). */
  metaMaxAge: number;
  /** The photos' origin when `site/DomainDefault` fails during a sync (remembered-domain.ts). */
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
export function makeProjectSettings(
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
export const standaloneSettings = (): ProjectSettings => makeProjectSettings(siteContentDefaults, {});
