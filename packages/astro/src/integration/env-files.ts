/**
 * The connection as Astro itself would see it at config time: Vite loads `.env` files only after
 * the config hooks run, so the integration reads them itself, in Vite's order.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** Reads `.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local` (later wins), then `process.env` on top. */
export function readEnv(
  root: URL,
  mode: string,
  names: readonly string[],
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = {};
  for (const file of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) {
    let text: string;
    try {
      text = readFileSync(fileURLToPath(new URL(file, root)), 'utf8');
    } catch {
      continue;
    }
    Object.assign(merged, parseEnv(text));
  }
  const out: Record<string, string | undefined> = {};
  for (const name of names) {
    const value = process.env[name] ?? merged[name];
    out[name] = value === '' ? undefined : value;
  }
  return out;
}
