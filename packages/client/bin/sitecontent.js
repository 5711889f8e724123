#!/usr/bin/env node
// The `sitecontent` command. It checks the Node version before it imports anything: the CLI and its
// dependencies (undici 8) need a newer Node than many machines have, and an older Node should get one
// clear line instead of a stack trace. So this file uses only syntax that Node 12 and later parse (no
// static imports, no optional chaining, no top-level await). Keep NEEDED in step with `engines`.
const NEEDED = '22.19.0';

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
  // The npm package `node` runs a current Node without installing one: the same command, on Node 24.
  const again = ['npx', 'node@24', process.argv[1]].concat(process.argv.slice(2)).join(' ');
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
