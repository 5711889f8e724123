// The lowest Node the project runs on, stated once. Astro sets it: its `engines` in package-lock.json
// and in the newest release on the registry (what `npm install astro` gets). What the packages need
// of their own is lower (undici 8: 22.19; the emulator's node:sqlite: 22.16, not 23.x), so users meet
// one number, the one their Astro asks for. Every other place that names it is a copy, held equal to
// this one by test/node-floor.test.ts: the engines of the packages and of the root, the checks in the
// bins, in the storefront script and in the deploy guides' local scripts, the README and the docs.
export const NODE_FLOOR = '22.23.4';

// What to put before a command to run it on Node 24 where the system's Node is older: npx fetches
// the npm package `node` (a Node 24 binary) and runs the command with it first on PATH, so `npm …`,
// `npx …` and `node …` all run on it. Both shorter forms fail: `npx node@24 <command>` runs
// `node <command>` (fine for a script file, "Cannot find module" for `npm`), and `-c '<command>'`
// leaves its text in the environment, where an inner `npm create` or `npx` runs it again, in a loop.
export const ON_NODE_24 = 'npx -y -p node@24 --';
