/**
 * The service connection of `sitecontent`: flags over the environment over `.env`, checked and turned
 * into a client only when a command first asks for one, so `--help` and usage errors need no settings.
 */
import { createClient, type SiteContentClient } from '../client.js';
import { DEBUG_ENV, debugRequested, envSettings } from '../env/env-settings.js';
import { isSiteContentError } from '../errors/guards.js';
import type { ClientOptions } from '../options.js';
import { type CliIo, type Connect, ConnectionSettingsError } from './context.js';
import type { GlobalFlags } from './global-flags.js';

/** A client made on the first `connect()`; `close()` closes it if it was made. */
export interface LazyConnection {
  connect: Connect;
  close(): Promise<void>;
}

export function lazyConnection(globals: GlobalFlags, io: Pick<CliIo, 'env' | 'stderr'>): LazyConnection {
  let client: SiteContentClient | undefined;
  return {
    connect: (hooks = {}) => {
      client ??= createCliClient(globals, io, hooks);
      return client;
    },
    close: async () => {
      await client?.close();
    },
  };
}

function createCliClient(
  globals: GlobalFlags,
  io: Pick<CliIo, 'env' | 'stderr'>,
  hooks: Pick<ClientOptions, 'onRequest'>,
): SiteContentClient {
  const { env } = io;
  const {
    SITECONTENT_BASE_URL: baseUrl,
    SITECONTENT_API_KEY: apiKey,
    SITECONTENT_SID: sid,
  } = envSettings({
    flags: {
      SITECONTENT_BASE_URL: globals.baseUrl,
      SITECONTENT_API_KEY: globals.key,
      SITECONTENT_SID: globals.sid,
    },
    processEnv: env,
  });
  const refuse = (message: string) => new ConnectionSettingsError(message);
  if (!baseUrl) throw refuse('missing --base-url (or SITECONTENT_BASE_URL, in the environment or .env)');
  if (!apiKey) throw refuse('missing --key (or SITECONTENT_API_KEY, in the environment or .env)');
  if (!sid) throw refuse('missing --sid (or SITECONTENT_SID, in the environment or .env)');
  if (!/^\d+$/.test(sid)) throw refuse(`--sid must be a whole number, got "${sid}"`);
  const retries = env.SITECONTENT_RETRIES;
  if (retries !== undefined && !/^\d+$/.test(retries))
    throw refuse('SITECONTENT_RETRIES must be a whole number');
  // `--verbose` stands where a flag does in the one precedence: over the environment and `.env`.
  const debug = debugRequested({
    flags: { [DEBUG_ENV]: globals.verbose ? '1' : undefined },
    processEnv: env,
  });
  try {
    return createClient({
      baseUrl,
      apiKey,
      sid: Number(sid),
      userAgent: 'sitecontent-cli',
      ...(debug ? { requestLog: (line: string) => io.stderr.write(`sitecontent: ${line}\n`) } : {}),
      ...hooks,
      ...(retries === undefined ? {} : { retries: Number(retries) }),
    });
  } catch (err) {
    if (isSiteContentError(err, 'invalid_argument')) throw refuse(err.message);
    throw err;
  }
}
