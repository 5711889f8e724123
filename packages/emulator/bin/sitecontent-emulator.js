#!/usr/bin/env node
// The `sitecontent-emulator` command. It checks the Node version before it imports anything: the
// emulator needs node:sqlite without a flag (22.13) and DatabaseSync#isTransaction (22.16 and 24.0,
// not 23), and an older Node should get one clear line instead of a stack trace. So this file uses
// only syntax that Node 12 and later parse (no static imports, no optional chaining, no top-level
// await). NEEDED follows `engines`: on 22.x the project's one floor, the Node the user's Astro needs
// (tools/node-floor.mjs, where the repository states it once), above what node:sqlite needs.
const NEEDED = ['22.23.4', '24.0.0'];

/** True when version `a` is lower than `b` (both "major.minor.patch"). */
function lower(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

const current = process.versions.node;
const major = Number(current.split('.')[0]);
// The floor or later within 22, or 24.0 or later; every 23.x lacks isTransaction.
const supported = major === 22 ? !lower(current, NEEDED[0]) : !lower(current, NEEDED[1]);

if (!supported) {
  // npx runs the npm package `node` (Node 24) without installing it: the same command, on Node 24.
  const again = ['npx -y -p node@24 -- node', process.argv[1]].concat(process.argv.slice(2)).join(' ');
  process.stderr.write(
    `sitecontent-emulator: needs Node ≥ ${NEEDED[0]} (not 23.x), this is ${current}; run: ${again}\n`,
  );
  process.exitCode = 1;
} else {
  import('../dist/cli.js').catch((error) => {
    process.stderr.write(`sitecontent-emulator: cannot load (${error.message}); is the package built?\n`);
    process.exitCode = 1;
  });
}
