/**
 * An on-demand server's Node, checked when it starts (the integration's start-check module calls this
 * first). Below the floor the server starts and looks healthy, and then every page that asks the
 * service answers 500 with a stack trace from deep inside undici; one line at start says why instead.
 * The floor is this package's `engines`, the Node its Astro needs: the repository states it once, in
 * tools/node-floor.mjs, and its tests hold this copy equal to it. No import: the middleware that
 * imports this package's request-time entry runs on Cloudflare Workers too.
 */
export const NODE_FLOOR = '22.23.4';

/**
 * The line to log when `version` (process.versions.node) is below the floor, else `undefined`. With
 * `entry` (the script the server was started with, relative to its folder) the line names the command
 * that runs it on Node 24; without, the host's Node is a setting of the host.
 */
export function nodeAtStartProblem(version: string | undefined, entry?: string): string | undefined {
  // `numeric` compares 22.9 below 22.23.
  if (version === undefined || version.localeCompare(NODE_FLOOR, 'en', { numeric: true }) >= 0)
    return undefined;
  const need = `[@sitecontent/astro] needs Node ≥ ${NODE_FLOOR}, this is ${version}`;
  return entry === undefined
    ? `${need}: on-demand pages will answer 500 until the host runs the server on a newer Node`
    : `${need}; run: npx -y -p node@24 -- node ${entry}`;
}

/**
 * Logs {@link nodeAtStartProblem} once; with `exit` (a server process of its own, the Node adapter's)
 * it also stops the process, which could only answer 500, and names the command that runs it.
 */
export function checkNodeAtStart({ exit }: { exit: boolean }): void {
  const host = globalThis.process;
  const problem = nodeAtStartProblem(host?.versions?.node, exit ? startedScript() : undefined);
  if (problem === undefined) return;
  console.error(problem);
  if (exit) host.exit(1);
}

/** The script this process was started with, relative to its folder when inside it (dist/server/entry.mjs). */
function startedScript(): string | undefined {
  const script = globalThis.process?.argv?.[1];
  const cwd = globalThis.process?.cwd?.();
  if (script === undefined || !cwd || !script.startsWith(cwd)) return script;
  return /^[\\/]/.test(script.slice(cwd.length)) ? script.slice(cwd.length + 1) : script;
}
