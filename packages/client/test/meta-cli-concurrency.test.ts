// `sitecontent meta` reads and writes as many pages at once as the library does: without
// `--concurrency` the library's defaults, with it the library's bounds. Counted at the server.
import { describe, expect, it } from 'vitest';
import { PULL_META_DEFAULTS } from '../src/meta-sync/pull.js';
import { testClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';
import { runMeta } from './meta-helpers/cli.js';

const SECTIONS = 60;

const server = useScriptServer((s) => {
  s.script('dir/Get', {
    json: Array.from({ length: SECTIONS }, (_, i) => ({
      ...wireSection,
      id: String(i + 1),
      tx: `s${i + 1}`,
    })),
  });
  s.script('meta/Get', { delayMs: 40, json: [] });
});

/** A client whose own bound is far above the command's, so the command's is what the server sees. */
const wideClient = () => testClient(server, { concurrency: 256, adaptive: false });

describe('sitecontent meta pull --concurrency', () => {
  it("runs the library's default number of reads at once without the flag", async () => {
    const client = wideClient();
    const run = await runMeta(client, ['pull', '--md', 'dir']);
    await client.close();
    expect(run.code, run.stderr).toBe(0);
    expect(server.requestsTo('meta/Get')).toHaveLength(SECTIONS);
    expect(server.maxInFlight).toBe(PULL_META_DEFAULTS.concurrency);
  });

  it("takes the library's bounds: up to 1024, refusing 0 and 1025 as bad usage", async () => {
    const client = wideClient();
    const wide = await runMeta(client, ['pull', '--md', 'dir', '--concurrency', '300']);
    expect(wide.code, wide.stderr).toBe(0);
    expect(server.maxInFlight).toBe(SECTIONS);
    for (const value of ['0', '1025', '2.5']) {
      const refused = await runMeta(client, ['pull', '--md', 'dir', '--concurrency', value]);
      expect(refused.code, value).toBe(2);
      expect(refused.stderr).toContain(`--concurrency must be a whole number from 1 to 1024, got "${value}"`);
    }
    await client.close();
  });
});
