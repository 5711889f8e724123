import { readFileSync } from 'node:fs';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { KeyMap } from './auth.js';
import { type FaultOptions, parseLatency } from './faults.js';
import type { SyntheticOptions } from './seed/synthetic.js';
import type { EmulatorOptions } from './server.js';

export const USAGE = `Usage:
  sitecontent-emulator serve [--host H] [--port P] [--db FILE] [--seed demo|synthetic|none]
                             [--key K --sid N]... [--keys FILE] [--technical-domain D]
                             [--latency MS[±JITTER]] [--fail-rate P] [--rate-limit R] [--throttle-rate P]
                             [--reset-rate P] [--truncate-rate P] [--fault-seed S] [--capacity N]
                             [--quirks reference] [--stats] [--verbose]
                             [--products N --sections M --articles K --mods-per-product J --synthetic-seed S]
  sitecontent-emulator seed --db FILE [--sid N] --demo
  sitecontent-emulator seed --db FILE [--sid N] --synthetic --products N --sections M --articles K
                            --mods-per-product J --seed S
  sitecontent-emulator --version

serve prints its request counts by operation and status on stderr when it stops, and with --stats
every 2 s while they change; with --verbose a line per request it answers (operation, status, ms,
bytes, path with key=***).

Without --key/--keys, serve accepts SITECONTENT_API_KEY for SITECONTENT_SID (default sid 1),
or else the development key "dev-key" for sid 1.`;

/** A usage error: printed with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const DEFAULT_PORT = 4080;
export const DEFAULT_DEV_KEY = 'dev-key';

const SYNTHETIC_FLAGS = {
  products: { type: 'string' },
  sections: { type: 'string' },
  articles: { type: 'string' },
  'mods-per-product': { type: 'string' },
} as const;

export type ServeCommand = {
  command: 'serve';
  options: EmulatorOptions & { port: number; host: string };
  /** `--stats`: the request counts on stderr while it runs (when they changed), not only at the end. */
  liveStats: boolean;
  /** `--verbose`: a line per answered request on stderr. */
  verbose: boolean;
  /** Where the keys came from: the greeting shows a key typed on the command line or the development one only. */
  keySource: KeySource;
};

/** `flags`: `--key`; `file`: `--keys FILE`; `environment`: `SITECONTENT_API_KEY`; `development`: `dev-key`. */
export type KeySource = 'flags' | 'file' | 'environment' | 'development';
export type SeedCommand = {
  command: 'seed';
  db: string;
  sid: number;
  kind: 'demo' | 'synthetic';
  synthetic: Partial<SyntheticOptions>;
};
export type Command = ServeCommand | SeedCommand | { command: 'help' } | { command: 'version' };

export function parseCommand(argv: string[], env: NodeJS.ProcessEnv = {}): Command {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    return { command: 'help' };
  }
  if (command === '--version' || command === '-v') return { command: 'version' };
  if (command === 'serve') return parseServe(rest, env);
  if (command === 'seed') return parseSeed(rest);
  throw new UsageError(`Unknown command "${command}"`);
}

function parseServe(args: string[], env: NodeJS.ProcessEnv): ServeCommand {
  const { values, tokens } = parse(args, {
    host: { type: 'string' },
    port: { type: 'string' },
    db: { type: 'string' },
    seed: { type: 'string' },
    key: { type: 'string', multiple: true },
    sid: { type: 'string', multiple: true },
    keys: { type: 'string' },
    'technical-domain': { type: 'string' },
    latency: { type: 'string' },
    'fail-rate': { type: 'string' },
    'rate-limit': { type: 'string' },
    'throttle-rate': { type: 'string' },
    'reset-rate': { type: 'string' },
    'truncate-rate': { type: 'string' },
    'fault-seed': { type: 'string' },
    capacity: { type: 'string' },
    quirks: { type: 'string' },
    stats: { type: 'boolean' },
    verbose: { type: 'boolean' },
    'synthetic-seed': { type: 'string' },
    ...SYNTHETIC_FLAGS,
  });
  const seedName = str(values.seed) ?? 'demo';
  if (seedName !== 'demo' && seedName !== 'synthetic' && seedName !== 'none') {
    throw new UsageError(`--seed must be demo, synthetic or none, got "${seedName}"`);
  }
  const quirks = str(values.quirks);
  if (quirks !== undefined && quirks !== 'reference')
    throw new UsageError('--quirks accepts only "reference"');

  const access = keysFrom(tokens, str(values.keys), env);
  const options: ServeCommand['options'] = {
    host: str(values.host) ?? '127.0.0.1',
    port: int('--port', values.port, 0) ?? DEFAULT_PORT,
    db: str(values.db) ?? ':memory:',
    seed:
      seedName === 'synthetic'
        ? { synthetic: syntheticOptions(values, 'synthetic-seed') }
        : (seedName as 'demo' | 'none'),
    keys: access.keys,
    technicalDomain: str(values['technical-domain']) ?? 'sites.test',
  };
  const faults = faultOptions(values);
  if (faults) options.faults = faults;
  const capacity = int('--capacity', values.capacity, 1);
  if (capacity !== undefined) options.capacity = capacity;
  if (quirks === 'reference') options.quirks = 'reference';
  return {
    command: 'serve',
    options,
    liveStats: values.stats === true,
    verbose: values.verbose === true,
    keySource: access.source,
  };
}

function parseSeed(args: string[]): SeedCommand {
  const { values } = parse(args, {
    db: { type: 'string' },
    sid: { type: 'string' },
    demo: { type: 'boolean' },
    synthetic: { type: 'boolean' },
    seed: { type: 'string' },
    'synthetic-seed': { type: 'string' },
    ...SYNTHETIC_FLAGS,
  });
  const db = str(values.db);
  if (!db) throw new UsageError('seed needs --db FILE');
  if (Boolean(values.demo) === Boolean(values.synthetic))
    throw new UsageError('seed needs exactly one of --demo or --synthetic');
  return {
    command: 'seed',
    db,
    sid: int('--sid', values.sid, 1) ?? 1,
    kind: values.demo ? 'demo' : 'synthetic',
    synthetic: values.synthetic ? syntheticOptions(values, 'seed') : {},
  };
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

function parse(
  args: string[],
  options: ParseArgsOptionsConfig,
): { values: Values; tokens: { kind: string; name?: string; value?: string | undefined }[] } {
  try {
    const { values, tokens } = parseArgs({
      args,
      options,
      strict: true,
      allowPositionals: false,
      tokens: true,
    });
    return { values: values as Values, tokens: tokens ?? [] };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const str = (value: Values[string]): string | undefined => (typeof value === 'string' ? value : undefined);

function int(flag: string, value: Values[string], min: number): number | undefined {
  const text = str(value);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`${flag} expects a whole number ≥ ${min}, got "${text}"`);
  return Number(text);
}

function rate(flag: string, value: Values[string]): number | undefined {
  const text = str(value);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`${flag} expects 0..1, got "${text}"`);
  return n;
}

function syntheticOptions(values: Values, seedFlag: string): Partial<SyntheticOptions> {
  const out: Partial<SyntheticOptions> = {};
  const products = int('--products', values.products, 0);
  const sections = int('--sections', values.sections, 0);
  const articles = int('--articles', values.articles, 0);
  const mods = int('--mods-per-product', values['mods-per-product'], 0);
  const seed = int(`--${seedFlag}`, values[seedFlag], 0);
  if (products !== undefined) out.products = products;
  if (sections !== undefined) out.sections = sections;
  if (articles !== undefined) out.articles = articles;
  if (mods !== undefined) out.modsPerProduct = mods;
  if (seed !== undefined) out.seed = seed;
  return out;
}

function faultOptions(values: Values): FaultOptions | undefined {
  const faults: FaultOptions = {};
  const latency = str(values.latency);
  if (latency !== undefined) {
    try {
      Object.assign(faults, parseLatency(latency));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const failRate = rate('--fail-rate', values['fail-rate']);
  const resetRate = rate('--reset-rate', values['reset-rate']);
  const truncateRate = rate('--truncate-rate', values['truncate-rate']);
  const rateLimit = int('--rate-limit', values['rate-limit'], 1);
  const throttleRate = rate('--throttle-rate', values['throttle-rate']);
  const seed = int('--fault-seed', values['fault-seed'], 0);
  if (failRate !== undefined) faults.failRate = failRate;
  if (resetRate !== undefined) faults.resetRate = resetRate;
  if (truncateRate !== undefined) faults.truncateRate = truncateRate;
  if (rateLimit !== undefined) faults.rateLimit = rateLimit;
  if (throttleRate !== undefined) faults.throttleRate = throttleRate;
  if (seed !== undefined) faults.seed = seed;
  return Object.keys(faults).length > 0 ? faults : undefined;
}

/** `--key K --sid N` pairs in order (each `--sid` belongs to the last `--key`), or `--keys FILE`. */
function keysFrom(
  tokens: { kind: string; name?: string; value?: string | undefined }[],
  keysFile: string | undefined,
  env: NodeJS.ProcessEnv,
): { keys: KeyMap; source: KeySource } {
  const keys: Record<string, number[]> = {};
  let current: string | undefined;
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.name === 'key') {
      current = token.value ?? '';
      if (current === '') throw new UsageError('--key needs a value');
      keys[current] ??= [];
    } else if (token.name === 'sid') {
      if (current === undefined) throw new UsageError('--sid must follow a --key');
      keys[current]!.push(int('--sid', token.value, 1)!);
    }
  }
  for (const [key, sids] of Object.entries(keys)) {
    if (sids.length === 0) throw new UsageError(`--key ${'*'.repeat(3)} needs a --sid after it`);
    keys[key] = sids;
  }
  if (keysFile !== undefined) Object.assign(keys, readKeysFile(keysFile));
  if (Object.keys(keys).length > 0) return { keys, source: keysFile === undefined ? 'flags' : 'file' };
  const envKey = env.SITECONTENT_API_KEY;
  const envSid = env.SITECONTENT_SID ? int('SITECONTENT_SID', env.SITECONTENT_SID, 1)! : 1;
  return { keys: { [envKey || DEFAULT_DEV_KEY]: [envSid] }, source: envKey ? 'environment' : 'development' };
}

function readKeysFile(file: string): KeyMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--keys ${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`--keys ${file}: expected a JSON object of key → list of sids`);
  }
  const keys: Record<string, number[]> = {};
  for (const [key, sids] of Object.entries(parsed)) {
    if (!Array.isArray(sids) || sids.length === 0 || !sids.every((s) => Number.isSafeInteger(s) && s > 0)) {
      throw new UsageError(`--keys ${file}: each key needs a non-empty list of positive sids`);
    }
    keys[key] = sids as number[];
  }
  return keys;
}
