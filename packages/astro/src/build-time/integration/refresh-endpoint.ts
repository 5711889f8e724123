/**
 * Dev-only refresh endpoint: `POST /_sitecontent/refresh` with the `SITECONTENT_REFRESH_TOKEN`
 * re-runs the named loaders (`refreshContent`). Body (optional): `{ "loaders": ["products"],
 * "refetchMeta": true }`; none refreshes every loader; `refetchMeta` ignores the meta cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RefreshContentOptions } from 'astro';
import { z } from 'zod';
import { acceptJsonPost, bodyIssues, jsonAnswer, parseJsonBody } from '../../endpoint-gate.js';
import { LOADER_NAMES } from '../../loader-names.js';
import { type KeptStaleReport, REFRESH_REPORT_KEY } from '../../project/refresh-report.js';

export const REFRESH_TOKEN_ENV = 'SITECONTENT_REFRESH_TOKEN';
const ALL_LOADERS = Object.values(LOADER_NAMES);

/** The request body; a misspelled key is an error, not a refresh of everything. */
const refreshBodySchema = z.strictObject({
  loaders: z
    .array(z.string(), { error: 'expected an array of loader names' })
    .min(1, 'empty: leave it out to refresh every loader')
    .optional(),
  refetchMeta: z.boolean({ error: 'expected true or false' }).optional(),
});

function send(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): void {
  const answer = jsonAnswer(status, body, headers);
  res.writeHead(status, answer.headers);
  res.end(answer.body);
}

/** A refresh the endpoint accepted: the loaders to run, and whether every page's meta is asked again. */
export interface RefreshRequest {
  loaders: string[];
  refetchMeta: boolean;
}

/** The body's loaders and `refetchMeta`, or what is wrong with it (`''` or no body: every loader). */
export function parseRefreshBody(text: string): RefreshRequest | { error: string } {
  let json: unknown = {};
  if (text.trim() !== '') {
    const parsed = parseJsonBody(text);
    if ('error' in parsed) return parsed;
    json = parsed.json;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return { error: 'invalid body: expected a JSON object such as {"loaders":["products"]}' };
  }
  const body = refreshBodySchema.safeParse(json);
  if (!body.success) return { error: bodyIssues(body.error, ['loaders', 'refetchMeta']) };
  const names = resolveLoaderNames(body.data.loaders);
  if ('error' in names) return names;
  return { loaders: names.loaders, refetchMeta: body.data.refetchMeta ?? false };
}

/** Requested names (`products` or `sitecontent-products`) as loader names; unknown ones are errors. */
export function resolveLoaderNames(
  requested: readonly string[] | undefined,
): { loaders: string[] } | { error: string } {
  if (requested === undefined) return { loaders: ALL_LOADERS };
  const loaders: string[] = [];
  for (const name of requested) {
    const resolved = LOADER_NAMES[name] ?? (ALL_LOADERS.includes(name) ? name : undefined);
    if (!resolved)
      return { error: `loaders: unknown loader "${name}" (known: ${Object.keys(LOADER_NAMES).join(', ')})` };
    if (!loaders.includes(resolved)) loaders.push(resolved);
  }
  return { loaders };
}

export interface RefreshHandlerOptions {
  token: string;
  refreshContent: (options: RefreshContentOptions) => Promise<void>;
  logger: { info(message: string): void; warn(message: string): void; error(message: string): void };
}

/** Connect-style middleware, mounted at the endpoint path. */
export function createRefreshHandler(options: RefreshHandlerOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await acceptedBody(req, res, options);
    if (body !== undefined) await refresh(res, body, options);
  };
}

/** The request's body when the method, token and body are right; otherwise answers and gives nothing. */
async function acceptedBody(
  req: IncomingMessage,
  res: ServerResponse,
  options: RefreshHandlerOptions,
): Promise<RefreshRequest | undefined> {
  const request = {
    method: req.method,
    header: (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    },
    body: req,
  };
  const accepted = await acceptJsonPost(request, options.token, parseRefreshBody);
  if ('body' in accepted) return accepted.body;
  const { status, error, headers } = accepted.refused;
  if (status === 401)
    options.logger.warn('refresh endpoint: rejected a request with a missing or wrong token');
  send(res, status, { ok: false, error }, headers);
  return undefined;
}

async function refresh(res: ServerResponse, body: RefreshRequest, options: RefreshHandlerOptions) {
  const { logger } = options;
  const started = performance.now();
  // Filled by loads that failed to fetch and kept their previous entries (they do not throw).
  const keptStale: KeptStaleReport[] = [];
  try {
    logger.info(`refresh endpoint: refreshing ${body.loaders.join(', ')}`);
    await options.refreshContent({
      loaders: body.loaders,
      context: {
        source: 'sitecontent-refresh-endpoint',
        refetchMeta: body.refetchMeta,
        [REFRESH_REPORT_KEY]: keptStale,
      },
    });
  } catch (error) {
    const message = (error as Error).message;
    logger.error(`refresh endpoint: the refresh failed: ${message}`);
    send(res, 500, { ok: false, loaders: body.loaders, error: message });
    return;
  }
  const durationMs = Math.round(performance.now() - started);
  if (keptStale.length > 0) {
    // The service failed: the content is the last sync's, which a webhook must be able to tell.
    send(res, 502, {
      ok: false,
      loaders: body.loaders,
      durationMs,
      error: keptStale.map((report) => report.message).join('; '),
      keptStale: keptStale.map((report) => report.collection),
    });
    return;
  }
  send(res, 200, { ok: true, loaders: body.loaders, durationMs });
}

/** Connect's `use` (Vite's dev server middlewares). */
interface Middlewares {
  use(handler: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): unknown;
}

/** Mounts the endpoint at `path` on the dev server, or says how to turn it on when no token is set. */
export function mountRefreshEndpoint(
  middlewares: Middlewares,
  options: Omit<RefreshHandlerOptions, 'token'> & { path: string; token: string | undefined },
): void {
  const { path, token, logger } = options;
  if (!token) {
    logger.info(`refresh endpoint off: set ${REFRESH_TOKEN_ENV} to enable POST ${path}`);
    return;
  }
  const handler = createRefreshHandler({ ...options, token });
  middlewares.use((req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== path) {
      next();
      return;
    }
    handler(req, res).catch(next);
  });
  logger.info(`refresh endpoint: POST ${path}`);
}
