/**
 * The write gate: what turns a dry run into a write, for the build's meta write-back and the
 * `sitecontent set|create|delete` commands alike. Read from the process environment only, never
 * from `.env` files (env-files.ts skips it), so a write is always the choice of the run.
 */

/** `SITECONTENT_WRITE=1` sends what a dry run would only show. */
export const WRITE_ENV = 'SITECONTENT_WRITE';

/** Whether `env` (the process environment) asks for the write: exactly `1`. */
export function writeRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  return env[WRITE_ENV] === '1';
}
