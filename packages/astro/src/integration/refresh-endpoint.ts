/**
 * Dev-only refresh endpoint: `POST /_sitecontent/refresh` with `Authorization: Bearer <token>`
 * (token from `SITECONTENT_REFRESH_TOKEN`) re-runs the named loaders through Astro's
 * `refreshContent`, so a webhook or a script can update content without restarting `astro dev`.
 * Body (optional JSON): `{ "loaders": ["products", "sitecontent-articles"], "refetchMeta": true }`;
 * short collection kinds map to the loader names; no body refreshes every Site Content loader;
 * `refetchMeta` asks every page's meta again, whatever the meta cache's `maxAge`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RefreshContentOptions } from 'astro';
import { LOADER_NAMES } from '../loader-names.js';

export const REFRESH_TOKEN_ENV = 'SITECONTENT_REFRESH_TOKEN';
const ALL_LOADERS = Object.values(LOADER_NAMES);
const MAX_BODY = 64 * 1024;

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Maps requested names (`products` or `sitecontent-products`) to loader names; unknown names are errors. */
export function resolveLoaderNames(requested: unknown): { loaders: string[] } | { error: string } {
  if (requested === undefined) return { loaders: ALL_LOADERS };
  if (!Array.isArray(requested) || requested.some((n) => typeof n !== 'string')) {
    return { error: 'loaders: expected an array of loader names' };
  }
  const loaders: string[] = [];
  for (const name of requested as string[]) {
    const resolved = LOADER_NAMES[name] ?? (ALL_LOADERS.includes(name) ? name : undefined);
    if (!resolved)
      return { error: `loaders: unknown loader "${name}" (known: ${Object.keys(LOADER_NAMES).join(', ')})` };
    if (!loaders.includes(resolved)) loaders.push(resolved);
  }
  return { loaders: loaders.length > 0 ? loaders : ALL_LOADERS };
}

export interface RefreshHandlerOptions {
  token: string;
  refreshContent: (options: RefreshContentOptions) => Promise<void>;
  logger: { info(message: string): void; warn(message: string): void };
}

/** Connect-style middleware, mounted at the endpoint path. */
export function createRefreshHandler(options: RefreshHandlerOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      send(res, 405, { ok: false, error: 'use POST' });
      return;
    }
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ')
      ? auth.slice(7)
      : String(req.headers['x-sitecontent-token'] ?? '');
    if (!given || !sameToken(given, options.token)) {
      options.logger.warn('refresh endpoint: rejected a request with a missing or wrong token');
      send(res, 401, { ok: false, error: 'missing or wrong token' });
      return;
    }
    let requested: unknown;
    let refetchMeta: unknown;
    try {
      const text = (await readBody(req)).trim();
      const body = text ? (JSON.parse(text) as { loaders?: unknown; refetchMeta?: unknown }) : {};
      requested = body.loaders;
      refetchMeta = body.refetchMeta ?? false;
    } catch (error) {
      send(res, 400, { ok: false, error: `invalid body: ${(error as Error).message}` });
      return;
    }
    if (typeof refetchMeta !== 'boolean') {
      send(res, 400, { ok: false, error: 'refetchMeta: expected true or false' });
      return;
    }
    const names = resolveLoaderNames(requested);
    if ('error' in names) {
      send(res, 400, { ok: false, error: names.error });
      return;
    }
    const started = performance.now();
    try {
      options.logger.info(`refresh endpoint: refreshing ${names.loaders.join(', ')}`);
      await options.refreshContent({
        loaders: names.loaders,
        context: { source: 'sitecontent-refresh-endpoint', refetchMeta },
      });
      send(res, 200, {
        ok: true,
        loaders: names.loaders,
        durationMs: Math.round(performance.now() - started),
      });
    } catch (error) {
      send(res, 500, { ok: false, error: (error as Error).message });
    }
  };
}
