// The CI variant of `npm run soak` (bench/soak.md): a small catalog under the full fault mix, bounded to
// under a minute (about 20–30 s; runSoak gives up at 55 s). The full soak is `npm run soak` (bench/soak.mjs, bench/lib/soak-core.mjs).
import { describe, expect, it } from 'vitest';
import { runSoak, SOAK_FAULTS, soakMarkdown } from '../bench/lib/soak-core.mjs';

const PRODUCTS = 120;

describe('fault soak (CI variant)', () => {
  it('loads a store deep-equal to a fault-free load despite 503s, 429s, resets and truncated bodies', async () => {
    const result = await runSoak({ products: PRODUCTS, faults: SOAK_FAULTS, timeoutMs: 55_000 });
    console.log(soakMarkdown(result));
    expect(result.difference).toBeUndefined();
    expect(result.equal).toBe(true);
    expect(result.entries.faulty).toBe(result.entries.clean);
    expect(result.entries.clean).toBeGreaterThan(PRODUCTS);

    // Faults were really injected, of every kind …
    const injected = result.server.faulty.faults;
    expect(injected.fail).toBeGreaterThan(0);
    expect(injected.rateLimited).toBeGreaterThan(0);
    expect(injected.reset + injected.truncate).toBeGreaterThan(0);
    // … and the client retried them: more attempts than logical requests, and logged retries.
    const sum = (xs: { attempts?: number; retries?: number }[], k: 'attempts' | 'retries') =>
      xs.reduce((n, o) => n + (o[k] ?? 0), 0);
    const attempts = sum(Object.values(result.attempts.faulty), 'attempts');
    const requests = sum(Object.values(result.attempts.clean), 'attempts');
    const retries = sum(Object.values(result.retries), 'retries');
    expect(attempts).toBeGreaterThan(requests);
    expect(retries).toBeGreaterThan(0);
  }, 60_000);
});
