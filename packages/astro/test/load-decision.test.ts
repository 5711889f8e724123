/** The failure policies of a load, as a table: an outcome and options in, a decision out; no store. */
import { AuthError, HttpStatusError } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import {
  EnoughInvalidRecords,
  type InvalidRecord,
  InvalidRecords,
} from '../src/build-time/load-run/invalid-records.js';
import { decideLoad, type LoadDecision, type LoadOutcome } from '../src/build-time/load-run/load-decision.js';
import { SiteContentCallbackError } from '../src/errors/callback-error.js';
import { failurePolicyDefaults } from '../src/options/loader-options.js';
import type { CommonLoaderOptions } from '../src/options/loader-shapes.js';

/** The policies as a loader's options give them, completed with the loaders' defaults. */
type GivenPolicy = Pick<CommonLoaderOptions, 'onError' | 'onAuthError' | 'onInvalid'>;
const withDefaults = (given: GivenPolicy) => ({ ...failurePolicyDefaults, ...given });

const outage = () =>
  new HttpStatusError({
    operation: 'goods/Get',
    url: 'http://127.0.0.1:1/v1/goods/Get?key=***',
    status: 503,
  });
const refused = () =>
  new AuthError({ operation: 'goods/Get', url: 'http://127.0.0.1:1/v1/goods/Get?key=***', status: 401 });
const record: InvalidRecord = { recordId: 7, path: 'color', message: 'expected #rrggbb' };

function invalidOf(count: number) {
  const invalid = new InvalidRecords();
  for (let i = 0; i < count; i++) invalid.add(record);
  return invalid;
}

function outcome(parts: Partial<Omit<LoadOutcome, 'stored'>> & { stored?: number } = {}): LoadOutcome {
  const { stored = 0, ...rest } = parts;
  return { collection: 'products', sid: 1, items: 3, invalid: invalidOf(0), stored: () => stored, ...rest };
}

/** The decision's kind and the text that says why (the error message or the warning). */
function summary(decision: LoadDecision): [LoadDecision['action'], string] {
  if (decision.action === 'fail') return ['fail', decision.error.message];
  if (decision.action === 'keep-stale') return ['keep-stale', decision.warning];
  return ['commit', decision.warnings.join('\n')];
}

describe('decideLoad', () => {
  it.each<[string, LoadOutcome, GivenPolicy, LoadDecision['action'], RegExp]>([
    ['a good answer commits', outcome(), {}, 'commit', /^$/],
    [
      'an outage with entries to keep keeps them',
      outcome({ failure: { error: outage() }, stored: 5 }),
      {},
      'keep-stale',
      /503.*keeping 5 entries/,
    ],
    [
      'an outage with nothing to keep fails',
      outcome({ failure: { error: outage() } }),
      {},
      'fail',
      /no entries from an earlier sync to keep/,
    ],
    [
      "an outage under onError: 'fail' fails",
      outcome({ failure: { error: outage() }, stored: 5 }),
      { onError: 'fail' },
      'fail',
      /503/,
    ],
    [
      'a refused key fails even with entries',
      outcome({ failure: { error: refused() }, stored: 5 }),
      {},
      'fail',
      /SITECONTENT_API_KEY.*onAuthError: 'keep-stale' would keep them/,
    ],
    [
      "a refused key under onAuthError: 'keep-stale' keeps them",
      outcome({ failure: { error: refused() }, stored: 5 }),
      { onAuthError: 'keep-stale' },
      'keep-stale',
      /keeping 5 entries/,
    ],
    [
      "the project's own function failing fails",
      outcome({
        failure: { error: new SiteContentCallbackError('products', 'productUrl', 1, 'threw: no') },
        stored: 5,
      }),
      { onError: 'keep-stale' },
      'fail',
      /productUrl/,
    ],
    [
      'enough invalid records fail, counting at least',
      outcome({ failure: { error: new EnoughInvalidRecords('1000') }, invalid: invalidOf(1000) }),
      {},
      'fail',
      /at least 999 more invalid records/,
    ],
    [
      'an empty answer where entries were keeps them',
      outcome({ items: 0, stored: 4 }),
      {},
      'keep-stale',
      /sent nothing to store.*keeping them/,
    ],
    [
      "an empty answer under onError: 'fail' fails",
      outcome({ items: 0, stored: 4 }),
      { onError: 'fail' },
      'fail',
      /astro build --force/,
    ],
    ['an empty answer on an empty store commits', outcome({ items: 0 }), {}, 'commit', /^$/],
    [
      'an invalid record fails by default',
      outcome({ invalid: invalidOf(2) }),
      {},
      'fail',
      /record 7 is invalid at field color.*1 more invalid records/,
    ],
    [
      "an invalid record under onInvalid: 'skip' commits with a warning",
      outcome({ invalid: invalidOf(1) }),
      { onInvalid: 'skip' },
      'commit',
      /skipping record 7: expected #rrggbb/,
    ],
    [
      'many skipped records are counted after the named ones',
      outcome({ invalid: invalidOf(12) }),
      { onInvalid: 'skip' },
      'commit',
      /skipped 2 more invalid records/,
    ],
    [
      'all invalid with entries to keep keeps them',
      outcome({ items: 0, invalid: invalidOf(3), stored: 2 }),
      { onInvalid: 'skip' },
      'keep-stale',
      /all 3 records .* invalid.*keeping 2 entries/,
    ],
    [
      "all invalid under onError: 'fail' fails",
      outcome({ items: 0, invalid: invalidOf(3) }),
      { onInvalid: 'skip', onError: 'fail' },
      'fail',
      /all 3 records/,
    ],
    [
      'all invalid with nothing to keep commits an empty collection',
      outcome({ items: 0, invalid: invalidOf(3) }),
      { onInvalid: 'skip' },
      'commit',
      /skipping record 7/,
    ],
  ])('%s', (_name, given, policy, action, text) => {
    const [kind, said] = summary(decideLoad(given, withDefaults(policy)));
    expect(kind).toBe(action);
    expect(said).toMatch(text);
  });

  it('counts the store only where a policy depends on it', () => {
    let counted = 0;
    const stored = () => {
      counted++;
      return 0;
    };
    decideLoad({ ...outcome(), stored }, withDefaults({}));
    decideLoad({ ...outcome({ invalid: invalidOf(1) }), stored }, withDefaults({ onInvalid: 'skip' }));
    expect(counted).toBe(0);
    decideLoad({ ...outcome({ items: 0 }), stored }, withDefaults({}));
    expect(counted).toBe(1);
  });
});
