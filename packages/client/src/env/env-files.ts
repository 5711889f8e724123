/** Settings from the environment, one precedence for the CLI and `@sitecontent/astro` (`envSettings()`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The files read, in order; a later file wins. Astro's mode files come after them (Vite's order). */
export const ENV_FILES = ['.env', '.env.local'] as const;

const PREFIX = 'SITECONTENT_';

/**
 * The SITECONTENT_* values of the `.env` files in `dir`, later over earlier: `.env`, `.env.local`,
 * then with a `mode` `.env.<mode>`, `.env.<mode>.local`. A missing file is skipped.
 */
export function readEnvFiles(dir: string | URL, mode?: string): Record<string, string> {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const files = mode === undefined ? ENV_FILES : [...ENV_FILES, `.env.${mode}`, `.env.${mode}.local`];
  const values: Record<string, string> = {};
  for (const name of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new Error(`cannot read ${name}: ${(error as Error).message}`);
    }
    for (const [key, value] of Object.entries(parseEnv(text))) {
      if (key.startsWith(PREFIX) && value !== undefined) values[key] = value;
    }
  }
  return values;
}

/** Where settings come from, highest first. */
export interface EnvLayers {
  /** Flags on the command line, or options given in code. */
  flags?: Readonly<Record<string, string | undefined>> | undefined;
  /** The process environment. */
  processEnv: Readonly<Record<string, string | undefined>>;
  /** What {@link readEnvFiles} read. */
  files?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * The one precedence: flags over the process environment over the files. A layer that sets a name
 * decides it, and an empty value reads as unset (`SITECONTENT_PURGE_TOKEN=` turns off a file's token).
 */
export function envSettings(
  layers: EnvLayers,
  names?: readonly string[],
): Record<string, string | undefined> {
  const { flags = {}, processEnv, files = {} } = layers;
  const wanted = names ?? [
    ...new Set([...Object.keys(files), ...Object.keys(processEnv), ...Object.keys(flags)]),
  ];
  const out: Record<string, string | undefined> = {};
  for (const name of wanted) {
    const value = flags[name] ?? processEnv[name] ?? files[name];
    out[name] = value === '' ? undefined : value;
  }
  return out;
}

/** `env` over the SITECONTENT_* values of the `.env` files in `dir`: the CLI's environment. */
export function withEnvFiles(
  dir: string,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  const merged = envSettings({ processEnv: env, files: readEnvFiles(dir) });
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
}
