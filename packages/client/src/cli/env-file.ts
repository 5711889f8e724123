/**
 * The connection settings `sitecontent` takes from `.env` files in the working directory, like the
 * Astro integration does for a build: `.env`, then `.env.local` over it, and only SITECONTENT_*
 * variables. The process environment wins over both files, and flags win over everything (main.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The files read, in order; a later file wins. */
export const ENV_FILES = ['.env', '.env.local'] as const;

const PREFIX = 'SITECONTENT_';

/** The SITECONTENT_* values of the `.env` files in `dir`; a missing file is skipped. */
export function readEnvFiles(dir: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ENV_FILES) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, name), 'utf8');
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

/** `env` over the SITECONTENT_* values of the `.env` files in `dir`. */
export function withEnvFiles(
  dir: string,
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = readEnvFiles(dir);
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}
