/**
 * The connection as Astro would see it at config time: Vite loads `.env` files only after the config
 * hooks, so the integration reads them itself, by the client's one precedence (`envSettings`).
 */
import { configEnv } from '@sitecontent/client/internal';
import { readEnvFiles } from '@sitecontent/client/internal/env-files';

/** `names` from the process environment over the `.env` files of `root` (an empty value: unset). */
export function readEnv(
  root: URL,
  mode: string,
  names: readonly string[],
): Record<string, string | undefined> {
  return configEnv({ files: readEnvFiles(root, mode) }, names);
}
