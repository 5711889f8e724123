// docs/architecture.md names files by path: each named source file exists in the repository (the
// modules the integration writes into a site's codegen folder aside), so a move or a split that
// leaves the map behind fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Written at each build by `build-time/integration/on-demand-setup.ts`, not kept in the repository. */
const GENERATED = new Set(['serving-settings.mjs', 'on-demand-middleware.mjs', 'url-history.mjs']);

describe('docs/architecture.md', () => {
  it('names only source files that exist', () => {
    const text = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
    const named = new Set([...text.matchAll(/`([A-Za-z0-9/_.-]+\.(?:ts|mjs))`/g)].map((m) => m[1]!));
    expect(named.size).toBeGreaterThan(50);
    const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n');
    const missing = [...named].filter(
      (name) => !GENERATED.has(name) && !files.some((file) => file === name || file.endsWith(`/${name}`)),
    );
    expect(missing).toEqual([]);
  });
});
