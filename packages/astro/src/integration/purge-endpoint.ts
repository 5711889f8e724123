/**
 * `POST /_sitecontent/purge` for on-demand sites: with `Authorization: Bearer <token>` (the token in
 * `SITECONTENT_PURGE_TOKEN` where the site runs, compared in constant time) and a strict JSON body
 * naming entry ids per collection kind and/or tags — `{"products": ["1"], "tags": ["sitecontent:sections"]}`
 * — it calls `context.cache.invalidate()` with their cache tags and forgets the live loaders'
 * remembered sections and missing ids they name. A missing or wrong token (401) or a bad body (400)
 * purges nothing. Without the token set the endpoint answers 404, as if it did not exist.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { entryTag, TAGGED_KINDS } from '../live/cache-tags.js';
import { liveProject } from '../project/open-projects.js';
import { bearerToken, sameToken } from './refresh-endpoint.js';

export const PURGE_TOKEN_ENV = 'SITECONTENT_PURGE_TOKEN';
const MAX_BODY = 64 * 1024;
const MAX_NAMES = 1000;

const recordId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9][0-9]{0,15}$/, 'expected a record id (a positive whole number)'));
const sectionId = z.string().regex(/^[^\s,]{1,256}$/, 'expected a section tx (no spaces or commas)');
const ids = <T extends z.ZodType>(id: T) => z.array(id).max(MAX_NAMES, `at most ${MAX_NAMES}`).optional();

/** The body: a misspelled key is an error, never a purge of something else. */
export const purgeBodySchema = z
  .strictObject({
    products: ids(recordId),
    articles: ids(recordId),
    sections: ids(sectionId),
    tags: ids(z.string().regex(/^[^\s,]{1,256}$/, 'expected a tag (no spaces or commas)')),
  })
  .refine((b) => Object.values(b).some((list) => list && list.length > 0), {
    message: 'names nothing to purge: give ids under products, articles or sections, or tags',
  });

/** The cache tags the body names, or what is wrong with it. */
export function purgeTagsOf(text: string): { tags: string[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `invalid body: not JSON (${(error as Error).message})` };
  }
  const body = purgeBodySchema.safeParse(json);
  if (!body.success) {
    const issues = body.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field(s) ${issue.keys.join(', ')} (known: ${TAGGED_KINDS.join(', ')}, tags)`
        : `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`,
    );
    return { error: `invalid body: ${issues.join('; ')}` };
  }
  const tags = TAGGED_KINDS.flatMap((kind) => (body.data[kind] ?? []).map((id) => entryTag(kind, id)));
  return { tags: [...new Set([...tags, ...(body.data.tags ?? [])])] };
}

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

async function readCapped(request: Request): Promise<string | undefined> {
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The route handler (every method): `token` is read per request, so setting it needs no rebuild. */
export function purgeHandler(token: () => string | undefined = () => process.env[PURGE_TOKEN_ENV]) {
  return async (context: Pick<APIContext, 'request' | 'cache'>): Promise<Response> => {
    const expected = token();
    if (!expected)
      return json(404, { ok: false, error: `purge endpoint off: ${PURGE_TOKEN_ENV} is not set` });
    if (context.request.method !== 'POST')
      return json(405, { ok: false, error: 'use POST' }, { allow: 'POST' });
    const given = bearerToken(context.request.headers.get('authorization'));
    if (!given || !sameToken(given, expected)) {
      return json(401, { ok: false, error: 'missing or wrong token' });
    }
    const text = await readCapped(context.request);
    if (text === undefined) return json(413, { ok: false, error: `body larger than ${MAX_BODY / 1024} KiB` });
    const parsed = purgeTagsOf(text);
    if ('error' in parsed) return json(400, { ok: false, error: parsed.error });
    liveProject().onDemand.forget(parsed.tags);
    try {
      await context.cache.invalidate({ tags: parsed.tags });
    } catch (error) {
      return json(502, {
        ok: false,
        tags: parsed.tags,
        error: `the cache provider failed: ${(error as Error).message}`,
      });
    }
    return json(200, { ok: true, purged: parsed.tags });
  };
}
