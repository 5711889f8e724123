/** The secrets a user chooses, read from the environment: each refused below 16 characters. */
import { PREVIEW_SECRET_ENV } from '../preview/preview-token.js';
import { PURGE_TOKEN_ENV } from '../purge/purge-request.js';
import { shortSecretProblem } from '../text/secret-length.js';

/** The purge token and the preview secret. */
export const USER_SECRET_ENV = [PURGE_TOKEN_ENV, PREVIEW_SECRET_ENV] as const;

/** What is wrong with the user's secrets in `env`: one text per secret set too short, none when all is well. */
export function userSecretProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  return USER_SECRET_ENV.map((name) => shortSecretProblem(name, env[name])).filter((p) => p !== undefined);
}
