// A machine whose Node is older than the project's floor, whatever Node runs the tests: Node 20 from
// the npm registry's `node` package (npx keeps it in npm's cache: only the first run downloads it),
// first on PATH, with npm and npx beside it as a newcomer's shell has them.
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv, npmCli, npx, npxCli } from './packed-project.js';

export const OLDER_MAJOR = 20;

let binary: Promise<string> | undefined;

/** The path of a Node 20 binary, fetched once. */
export function olderNode(): Promise<string> {
  binary ??= npx(['-y', '-p', `node@${OLDER_MAJOR}`, '--', 'node', '-p', 'process.execPath'], tmpdir()).then(
    ({ code, stdout, output }) => {
      const file = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !path.isAbsolute(file))
        throw new Error(`no Node ${OLDER_MAJOR} from npx:\n${output}`);
      return file;
    },
  );
  return binary;
}

/**
 * The environment of a shell on a machine whose Node is `node`: a folder with `node`, `npm` and `npx`
 * first on PATH (npm's scripts start with `#!/usr/bin/env node`, so npm runs on that Node too), no
 * node_modules/.bin (where the repository's own Node 24 is) and no npm_* variables of the test run.
 */
export function olderNodeEnv(node: string): NodeJS.ProcessEnv {
  if (!npmCli || !npxCli) throw new Error('run the tests through npm or npx: npm_execpath names npm');
  const bin = path.join(mkdtempSync(path.join(tmpdir(), 'sitecontent-older-node-')), 'bin');
  mkdirSync(bin);
  symlinkSync(node, path.join(bin, 'node'));
  symlinkSync(npmCli, path.join(bin, 'npm'));
  symlinkSync(npxCli, path.join(bin, 'npx'));
  const env = Object.fromEntries(Object.entries(childEnv()).filter(([name]) => !/^npm_/i.test(name)));
  const rest = (env.PATH ?? '').split(path.delimiter).filter((dir) => !dir.includes('node_modules'));
  return { ...env, PATH: [bin, ...rest].join(path.delimiter) };
}
