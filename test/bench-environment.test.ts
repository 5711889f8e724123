// What bench/report.md says about the code it measured (bench/lib/environment.mjs): the commit, and
// whether the working tree had changes beyond the report's own outputs. Run in a throwaway git
// repository, so the answer does not depend on the state of this checkout.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/storefront.js';

const environmentModule = path.join(repoRoot, 'bench/lib/environment.mjs');
const dirs: string[] = [];

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.test', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** `environment()` as the bench calls it, with `cwd` as the working directory. */
function environmentIn(cwd: string): { commit: string; uncommittedFiles: number } {
  const script = `import(${JSON.stringify(environmentModule)}).then((m) => console.log(JSON.stringify(m.environment())))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8' }));
}

/** A repository with a committed bench/lib/a.mjs and bench/report.md. */
function repository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-environment-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'bench/lib'), { recursive: true });
  writeFileSync(path.join(dir, 'bench/lib/a.mjs'), 'export const a = 1;\n');
  writeFileSync(path.join(dir, 'bench/report.md'), '# Report\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'first');
  return dir;
}

describe('the commit a bench report names', () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is HEAD, with no uncommitted changes when the tree is clean or only the report changed', () => {
    const dir = repository();
    writeFileSync(path.join(dir, 'bench/report.md'), '# Report, regenerated\n');
    expect(environmentIn(dir)).toMatchObject({
      commit: git(dir, 'rev-parse', '--short', 'HEAD'),
      uncommittedFiles: 0,
    });
  });

  it('counts the changed files when the measured code is not committed', () => {
    const dir = repository();
    writeFileSync(path.join(dir, 'bench/lib/a.mjs'), 'export const a = 2;\n');
    expect(environmentIn(dir).uncommittedFiles).toBe(1);
  });
});
