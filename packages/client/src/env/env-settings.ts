/** Settings from the environment: one precedence for the CLI and `@sitecontent/astro`, at build and request time. */

/** Where settings come from, highest first. */
export interface EnvLayers {
  /** Flags on the command line, or options given in code. */
  flags?: Readonly<Record<string, string | undefined>> | undefined;
  /** The process environment. */
  processEnv: Readonly<Record<string, string | undefined>>;
  /** What `readEnvFiles()` read. */
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

/** The debug switch: one log line per request to the service (`requestLog`), from every part. */
export const DEBUG_ENV = 'SITECONTENT_DEBUG';

/** Whether the layers turn the debug switch on: set, and not `0`, `false`, `no` or `off`. */
export function debugRequested(layers: EnvLayers): boolean {
  const value = envSettings(layers, [DEBUG_ENV])[DEBUG_ENV];
  return value !== undefined && !/^(0|false|no|off)$/i.test(value.trim());
}
