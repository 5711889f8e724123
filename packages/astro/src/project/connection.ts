/** A loader's connection: its own options, else the integration's, else the environment. */
import type { ClientOptions } from '@sitecontent/client';
import { configEnv } from '@sitecontent/client/internal';
import { SiteContentConnectionError } from '../errors/connection-error.js';
import type { ConnectionOptions } from '../options/loader-shapes.js';
import type { ProjectSettings } from './project-settings.js';

const CONNECTION_ENV = ['SITECONTENT_BASE_URL', 'SITECONTENT_API_KEY', 'SITECONTENT_SID'];

/** The client options of a loader's connection: the project's, with the connection filled in. */
export type ConnectionClientOptions = Pick<ClientOptions, 'baseUrl' | 'apiKey' | 'sid'> &
  ProjectSettings['client'] &
  Partial<Pick<ClientOptions, 'maxRetryTimeMs'>>;

/** The client options of `collection`'s connection, naming every missing setting at once. */
export function resolveConnection(
  collection: string,
  options: ConnectionOptions,
  settings: ProjectSettings,
  fromIntegration: boolean,
): ConnectionClientOptions {
  // What the integration read at config time stands where the files do: the process environment
  // of the running server is over it, by the one precedence.
  const env = configEnv({ files: settings.env }, CONNECTION_ENV);
  const baseUrl = options.baseUrl ?? settings.connection.baseUrl ?? env.SITECONTENT_BASE_URL;
  const apiKey = options.apiKey ?? settings.connection.apiKey ?? env.SITECONTENT_API_KEY;
  const sidText = env.SITECONTENT_SID;
  const sid = options.sid ?? settings.connection.sid ?? (sidText === undefined ? undefined : Number(sidText));
  const missing: string[] = [];
  if (!baseUrl) missing.push('baseUrl');
  if (!apiKey) missing.push('apiKey');
  if (sid === undefined || !Number.isInteger(sid) || sid <= 0) missing.push('sid');
  if (missing.length > 0) throw new SiteContentConnectionError(collection, missing, fromIntegration);
  return { ...settings.client, baseUrl: baseUrl!, apiKey: apiKey!, sid: sid! };
}
