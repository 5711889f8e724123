// Reproducible output: a second build of the demo catalog from a clean state writes the same bytes as
// the first (storefront.test.ts's build). Registered from storefront.test.ts so that it reuses that
// build's output instead of making two, and runs after its checks of the state folders and before
// the incremental rebuilds: all of them use the storefront's own .astro/ and cache folders. The
// runner starts its own emulator and photo server again, each on a new free port, and this build
// goes to a new folder with another API key: none of these may show in what it writes.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, buildSite, cleanAstroState, differingFiles } from './helpers/storefront.js';

/** `first`: the clean build of the demo catalog to compare with. */
export function describeReproducibleBuild(first: () => BuildResult): void {
  describe('reproducible output', () => {
    let second: BuildResult | undefined;

    beforeAll(async () => {
      await cleanAstroState();
      second = await buildSite({ SITECONTENT_SID: '1' });
    }, 300_000);
    afterAll(async () => {
      if (second) await rm(second.outDir, { recursive: true, force: true });
    });

    it('writes every file byte for byte as another clean build of the same catalog did', async () => {
      expect(first().code, 'the first build failed').toBe(0);
      expect(second?.code, second?.output.slice(-3000)).toBe(0);
      const differing = await differingFiles(first().outDir, second?.outDir ?? '');
      expect(differing, `${differing.length} files differ between two clean builds`).toEqual([]);
    });
  });
}
