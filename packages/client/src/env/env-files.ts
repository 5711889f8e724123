/**
 * The SITECONTENT_* values of `.env` files: Node only, so request-time code never loads it
 * (`@sitecontent/client/internal/env-files`); the precedence is `envSettings()`'s.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { envSettings } from './env-settings.js';
import { WRITE_ENV } from './write-gate.js';

/** The files read, in order; a later file wins. Astro's mode files come after them (Vite's order). */
export const ENV_FILES = ['.env', '.env.local'] as const;

const PREFIX = 'SITECONTENT_';

/** Never read from a file: the write gate is the choice of the run (write-gate.ts). */
const NOT_FROM_FILES: ReadonlySet<string> = new Set([WRITE_ENV]);

/**
 * The SITECONTENT_* values of the `.env` files in `dir`, later over earlier: `.env`, `.env.local`,
 * then with a `mode` `.env.<mode>`, `.env.<mode>.local`. A missing file is skipped, and so is
 * `SITECONTENT_WRITE` in a file.
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
      if (key.startsWith(PREFIX) && !NOT_FROM_FILES.has(key) && value !== undefined) values[key] = value;
    }
  }
  return values;
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
