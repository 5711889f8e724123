// Imports flow one way (docs/architecture.md, "The project"): what the build-time loaders stand
// on does not load the code of pages rendered on demand or of the sitemap, so a build carries only
// what it runs. Read from the sources' run-time imports (`import type` is erased).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** The package files `file` imports at run time, relative to src/ (`live/cache-tags.ts`). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(path.join(SRC, file), 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) =>
    path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), s)).replace(/\.js$/, '.ts'),
  );
}

/** Every file `entry` loads at run time, itself included. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of runtimeImports(file)) visit(next);
  };
  visit(entry);
  return seen;
}

const ONLY_ON_DEMAND_OR_SITEMAP = /^(live|on-demand|sitemap|product-sitemaps|integration)\//;

describe('imports flow one way', () => {
  it('nothing in project/ loads on-demand, sitemap or integration code', () => {
    const project = readdirSync(path.join(SRC, 'project')).map((f) => `project/${f}`);
    const reached = project.flatMap((file) =>
      [...closure(file)].filter((f) => ONLY_ON_DEMAND_OR_SITEMAP.test(f)),
    );
    expect(reached).toEqual([]);
  });

  it('a build-time loader loads no on-demand, sitemap or integration code', () => {
    for (const loader of readdirSync(path.join(SRC, 'loaders'))) {
      const reached = [...closure(`loaders/${loader}`)].filter((f) => ONLY_ON_DEMAND_OR_SITEMAP.test(f));
      expect(reached, loader).toEqual([]);
    }
  });

  it('sees a run-time import, and not a type-only one', () => {
    // The reader itself: were it blind, the tests above would pass on anything.
    expect(runtimeImports('live/on-demand-state.ts')).toContain('project/open-projects.ts');
    expect(runtimeImports('live/page-answers.ts')).not.toContain('live/on-demand-state.ts');
    expect(readFileSync(path.join(SRC, 'live/page-answers.ts'), 'utf8')).toContain(
      "import type { OnDemandState } from './on-demand-state.js'",
    );
  });
});
