/**
 * The one place that reads the environment. Two readers, one precedence (`envSettings`):
 * - `hostEnv()`: the host's environment as a server has it at request time (Node's and Netlify's
 *   `process.env`, Cloudflare's with `nodejs_compat`); empty where the runtime has none.
 * - `configEnv()`: what a command or the integration sees at config time: flags over the host's
 *   environment over the `.env` files (`readEnvFiles()` in env-files.ts reads them, Node only, so
 *   request-time code never loads `node:fs`).
 */
import { envSettings } from './env-settings.js';

type EnvValues = Readonly<Record<string, string | undefined>>;

/** The host's environment; `{}` on a runtime without `process`. */
export function hostEnv(): EnvValues {
  return globalThis.process?.env ?? {};
}

/** Whether the runtime has an environment at all (a Worker before its first request has none). */
export function hasHostEnv(): boolean {
  return globalThis.process?.env !== undefined;
}

/** `names` from the host's environment (an empty value: unset). */
export function requestEnv(names: readonly string[]): Record<string, string | undefined> {
  return envSettings({ processEnv: hostEnv() }, names);
}

/** `names` (all when omitted) from `flags` over the host's environment over `files` (`readEnvFiles()`'s answer). */
export function configEnv(
  layers: { flags?: EnvValues | undefined; files?: EnvValues | undefined },
  names?: readonly string[],
): Record<string, string | undefined> {
  return envSettings({ flags: layers.flags, processEnv: hostEnv(), files: layers.files }, names);
}
