/** The connection flags of `sitecontent`, taken out of the arguments wherever they stand. */
import { UsageError } from './context.js';

const GLOBAL = { '--base-url': 'baseUrl', '--key': 'key', '--sid': 'sid' } as const;

/** The connection flags given on the command line (`--verbose` too). */
export type GlobalFlags = Partial<Record<(typeof GLOBAL)[keyof typeof GLOBAL], string>> & {
  verbose?: boolean;
};

/** Takes the connection flags out of `argv` wherever they are; the rest goes to the command. */
export function splitGlobalFlags(argv: string[]): { globals: GlobalFlags; rest: string[] } {
  const globals: GlobalFlags = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--verbose') {
      globals.verbose = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!(flag in GLOBAL)) {
      rest.push(arg);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    globals[GLOBAL[flag as keyof typeof GLOBAL]] = value;
  }
  return { globals, rest };
}
