#!/usr/bin/env node
// The `sitecontent` command. It checks the Node version before it imports anything: the CLI and its
// dependencies (undici 8) need a newer Node than many machines have, and an older Node should get one
// clear line instead of a stack trace. So this file uses only syntax that Node 12 and later parse (no
// static imports, no optional chaining, no top-level await). NEEDED is `engines`' floor: the Node the
// user's Astro needs (tools/node-floor.mjs, where the repository states it once).
const NEEDED = '22.23.4';

const have = process.versions.node.split('.').map(Number);
const need = NEEDED.split('.').map(Number);
let older = false;
for (let i = 0; i < 3; i++) {
  if (have[i] !== need[i]) {
    older = have[i] < need[i];
    break;
  }
}

if (older) {
  // npx runs the npm package `node` (Node 24) without installing it: the same command, on Node 24.
  const again = ['npx -y -p node@24 -- node', process.argv[1]].concat(process.argv.slice(2)).join(' ');
  process.stderr.write(
    `sitecontent: needs Node ≥ ${NEEDED}, this is ${process.versions.node}; run: ${again}\n`,
  );
  process.exitCode = 1;
} else {
  import('../dist/cli/main.js').then(
    (cli) => cli.runCli(),
    (error) => {
      process.stderr.write(`sitecontent: cannot load the CLI (${error.message}); is the package built?\n`);
      process.exitCode = 1;
    },
  );
}
