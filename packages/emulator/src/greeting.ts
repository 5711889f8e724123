/**
 * What `serve` tells a person once it listens (on stderr: stdout keeps its one `Listening on` line for
 * scripts): where it is, which site holds the seeded catalog, the key to use and how to stop. Written
 * as the settings a site or the `sitecontent` CLI reads, so they can be copied into `.env`.
 */
import type { KeyMap } from './auth.js';
import type { KeySource } from './cli-args.js';

export interface GreetingFacts {
  url: string;
  /** The seeded site (the first key's first site). */
  sid: number;
  keys: KeyMap;
  keySource: KeySource;
  /** What the seeded site holds: `demo`, `synthetic` or `none`. */
  seed: string;
}

const SEEDED = { demo: 'the demo shop', synthetic: 'a synthetic catalog', none: 'no seed' } as const;

/** The start-up block, ending in a newline. */
export function greeting(facts: GreetingFacts): string {
  const { url, sid, keys, keySource, seed } = facts;
  const held = SEEDED[seed as keyof typeof SEEDED] ?? seed;
  return [
    `Site Content emulator at ${url} (${held} in site ${sid})`,
    `  SITECONTENT_BASE_URL=${url}`,
    `  SITECONTENT_SID=${sid}`,
    ...keyLines(keys, keySource),
    'It keeps this terminal while it runs; press Ctrl+C to stop it.',
    '',
  ].join('\n');
}

/**
 * The key as a setting when it is the emulator's own development key. Any other key (typed with
 * `--key`, taken from the environment or a file) may be a real service's, and no log the project
 * writes shows a key: it is named, never shown.
 */
function keyLines(keys: KeyMap, source: KeySource): string[] {
  const [first] = Object.entries(keys);
  if (source === 'development' && first)
    return [
      `  SITECONTENT_API_KEY=${first[0]}   (the emulator's development key; it opens nothing but this emulator)`,
    ];
  if (source === 'environment') return ['  SITECONTENT_API_KEY as in your environment (not shown)'];
  if (source === 'file') return [`  keys from --keys (not shown), for sites ${describeSites(keys)}`];
  return [`  SITECONTENT_API_KEY as given with --key (not shown), for sites ${describeSites(keys)}`];
}

function describeSites(keys: KeyMap): string {
  return [...new Set(Object.values(keys).flat())].sort((a, b) => a - b).join(', ');
}
