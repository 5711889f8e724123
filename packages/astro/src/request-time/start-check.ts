/**
 * An on-demand server's connection settings, checked when it starts: the integration makes the
 * server's entry import this first where the adapter runs code at start (integration/start-check.ts),
 * so a missing or malformed setting is in the log before the first visitor gets the 500. Only the
 * process environment counts: a production server reads no `.env` file. Live loaders given a setting
 * in code need none of this, which the line says.
 */
import {
  clientOptionFields,
  envSettings,
  hasHostEnv,
  hostEnv,
  quotedText,
  userSecretProblems,
} from '@sitecontent/client/internal';

const NAMES = ['SITECONTENT_BASE_URL', 'SITECONTENT_API_KEY', 'SITECONTENT_SID'] as const;

/** What is wrong with the connection settings in `env`: one text per problem, none when all is well. */
export function connectionProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const settings = envSettings({ processEnv: env }, NAMES);
  const problems: string[] = [];
  const missing = NAMES.filter((name) => settings[name] === undefined);
  if (missing.length > 0) problems.push(`${missing.join(', ')} not set`);
  const baseUrl = settings.SITECONTENT_BASE_URL;
  // Not echoed: a URL pasted with its `?key=` would show the key.
  if (baseUrl !== undefined && !clientOptionFields.baseUrl.safeParse(baseUrl).success)
    problems.push('SITECONTENT_BASE_URL is not an http(s) URL without a query string');
  const sid = settings.SITECONTENT_SID;
  if (sid !== undefined && !(/^\d+$/.test(sid.trim()) && Number(sid) >= 1))
    problems.push(`SITECONTENT_SID must be a whole number from 1, got ${quotedText(sid, 20)}`);
  return problems;
}

/**
 * Logs the connection's problems once, at start, and a purge token or preview secret too short to
 * use (the endpoint and the preview refuse it); a runtime without `process.env` is not checked.
 */
export function checkConnectionAtStart(
  log: (line: string) => void = console.error,
  env: Readonly<Record<string, string | undefined>> | null = hasHostEnv() ? hostEnv() : null,
): void {
  if (env === null) return;
  const problems = connectionProblems(env);
  if (problems.length > 0) {
    log(
      `[@sitecontent/astro] on-demand pages will answer 500 until the connection is set: ${problems.join('; ')} ` +
        "in this server's environment (unless the live loaders are given these settings in code)",
    );
  }
  for (const problem of userSecretProblems(env))
    log(`[@sitecontent/astro] ${problem}; this server refuses it until then`);
}
