/**
 * Makes an on-demand server check its Node (request-time/node-check.ts) and its connection settings
 * (request-time/start-check.ts) when it starts: a Vite plugin of the server build puts an import of a
 * written module first in the adapter's server entry. That entry runs when the process starts on Node, and at each cold start of a Netlify or
 * Vercel function. Cloudflare Workers get their settings per request, none at start, so there the
 * first request's log line is the first word of a missing setting.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Adapters whose server entry runs without the site's settings in `process.env` at start. */
const NO_START_ENV = new Set(['@astrojs/cloudflare']);

/** The part of a Vite plugin this one uses (Vite's own type is not this package's dependency). */
interface StartCheckPlugin {
  name: string;
  apply: 'build';
  applyToEnvironment(environment: { name: string }): boolean;
  options(this: unknown, options: { input?: unknown }): null;
  buildStart(this: { resolve(id: string): Promise<{ id: string } | null> }): Promise<void>;
  transform(code: string, id: string): { code: string; map: null } | undefined;
}

/** Whether the adapter named `adapter` lets the check run at start with the settings it will have. */
export function checksAtStart(adapter: string | undefined): boolean {
  return adapter !== undefined && !NO_START_ENV.has(adapter);
}

/** Whether the adapter named `adapter` runs a server process of its own, which a too-old Node should stop. */
export function ownsTheProcess(adapter: string | undefined): boolean {
  return adapter === '@astrojs/node';
}

/**
 * Writes the check's module into `dir` (the codegen folder) and returns the plugin that imports it;
 * `exit`: a Node below the floor stops the server (see {@link ownsTheProcess}).
 */
export function startCheckPlugin(dir: URL, header: string, exit: boolean): StartCheckPlugin {
  const module = new URL('start-check.mjs', dir);
  writeFileSync(
    module,
    `${header}import { checkConnectionAtStart, checkNodeAtStart } from '@sitecontent/astro/on-demand';\n` +
      `checkNodeAtStart({ exit: ${exit} });\ncheckConnectionAtStart();\n`,
  );
  const imported = JSON.stringify(fileURLToPath(module));
  let inputs: string[] = [];
  const entries = new Set<string>();
  return {
    name: '@sitecontent/astro:start-check',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    options(options) {
      const { input } = options;
      inputs =
        typeof input === 'string'
          ? [input]
          : Array.isArray(input)
            ? input.filter((i): i is string => typeof i === 'string')
            : input && typeof input === 'object'
              ? Object.values(input).filter((i): i is string => typeof i === 'string')
              : [];
      return null;
    },
    async buildStart() {
      entries.clear();
      for (const input of inputs) {
        const resolved = await this.resolve(input);
        if (resolved) entries.add(resolved.id);
      }
    },
    transform(code, id) {
      if (!entries.has(id)) return undefined;
      return { code: `import ${imported};\n${code}`, map: null };
    },
  };
}
