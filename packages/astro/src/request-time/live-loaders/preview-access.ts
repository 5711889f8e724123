/**
 * Whether a request is an editor's preview, and whether its token opens a page. The secret is read
 * per request from the host's environment, like the purge token, so setting it needs no rebuild;
 * without it, or with one shorter than 16 characters (refused, the start check says so), preview is off.
 */
import {
  PREVIEW_PARAM,
  PREVIEW_SECRET_ENV,
  type PreviewKind,
  previewAllowed,
  requestEnv,
  shortSecretProblem,
} from '@sitecontent/client/internal';

/** Whether `token` opens the page of `kind` `id` to an editor. */
export function previewOpens(token: string, kind: PreviewKind, id: string): Promise<boolean> {
  const secret = requestEnv([PREVIEW_SECRET_ENV])[PREVIEW_SECRET_ENV];
  return secret && shortSecretProblem(PREVIEW_SECRET_ENV, secret) === undefined
    ? previewAllowed(token, kind, id, secret)
    : Promise.resolve(false);
}

/** Whether `url` carries a preview link's token, valid or not: its answer is private and uncached. */
export function previewRequested(url: URL): boolean {
  return url.searchParams.has(PREVIEW_PARAM);
}
