/**
 * `POST /_sitecontent/purge` for on-demand sites, through the endpoint gate with
 * `SITECONTENT_PURGE_TOKEN`: a strict body of entry ids per kind and tags
 * (`{"products": ["1"], "tags": ["sitecontent:sections"]}`) is invalidated in the cache (with the
 * sitemaps' tag for products or sections) and forgotten by the live loaders. Without the token set
 * it answers 404.
 */

import {
  maskSecret,
  PURGE_BODY_FIELDS,
  PURGE_TOKEN_ENV,
  purgeBodySchema,
  requestEnv,
  shortSecretProblem,
} from '@sitecontent/client/internal';
import type { APIContext } from 'astro';
import { acceptJsonPost, bodyIssues, jsonAnswer, parseJsonBody } from '../../endpoint-gate.js';
import { entryTag, SITEMAPS_TAG, TAGGED_KINDS } from '../live-loaders/cache-tags.js';
import { servingState } from '../live-loaders/on-demand-state.js';

/** The cache tags the body names, or what is wrong with it. */
export function parsePurgeTags(text: string): { tags: string[] } | { error: string } {
  const parsed = parseJsonBody(text);
  if ('error' in parsed) return parsed;
  const body = purgeBodySchema.safeParse(parsed.json);
  if (!body.success) return { error: bodyIssues(body.error, PURGE_BODY_FIELDS) };
  const tags = TAGGED_KINDS.flatMap((kind) => (body.data[kind] ?? []).map((id) => entryTag(kind, id)));
  // A product's URL, photos or visibility, or a section's URL, may have changed what a sitemap lists.
  const listed = (body.data.products?.length ?? 0) + (body.data.sections?.length ?? 0) > 0;
  const sitemaps = listed ? [SITEMAPS_TAG] : [];
  return { tags: [...new Set([...tags, ...sitemaps, ...(body.data.tags ?? [])])] };
}

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const answer = jsonAnswer(status, body, headers);
  return new Response(answer.body, { status, headers: answer.headers });
};

/** The route handler (every method): `token` is read per request, so setting it needs no rebuild. */
export function purgeHandler(
  token: () => string | undefined = () => requestEnv([PURGE_TOKEN_ENV])[PURGE_TOKEN_ENV],
) {
  const state = servingState();
  return async (context: Pick<APIContext, 'request' | 'cache'>): Promise<Response> => {
    const expected = token();
    if (!expected)
      return json(404, { ok: false, error: `purge endpoint off: ${PURGE_TOKEN_ENV} is not set` });
    const tooShort = shortSecretProblem(PURGE_TOKEN_ENV, expected);
    if (tooShort !== undefined) return json(404, { ok: false, error: `purge endpoint off: ${tooShort}` });
    const { request } = context;
    const accepted = await acceptJsonPost(
      { method: request.method, header: (name) => request.headers.get(name), body: request.body },
      expected,
      parsePurgeTags,
    );
    if ('refused' in accepted) {
      // Each answer but the endpoint's absence is logged: an operator sees what was purged, and why
      // a purge was refused, the token masked (a caller may have put it in the body the reason names).
      const { status, headers } = accepted.refused;
      const error = maskSecret(accepted.refused.error, expected);
      state.log.info(`purge refused (${status}): ${error}`);
      return json(status, { ok: false, error }, headers);
    }
    const parsed = accepted.body;
    state.forget(parsed.tags);
    try {
      await context.cache.invalidate({ tags: parsed.tags });
    } catch (error) {
      const message = maskSecret(`the cache provider failed: ${(error as Error).message}`, expected);
      state.log.info(`purge of ${parsed.tags.join(', ')} failed: ${message}`);
      return json(502, { ok: false, tags: parsed.tags, error: message });
    }
    state.log.info(`purged ${parsed.tags.join(', ')}`);
    return json(200, { ok: true, purged: parsed.tags });
  };
}
