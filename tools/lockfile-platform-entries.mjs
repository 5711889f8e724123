#!/usr/bin/env node
// Adds package-lock.json entries for optional platform binaries that the registry mirror this project
// is built on does not serve (e.g. `@biomejs/cli-darwin-arm64`). npm skips such optional packages when
// it cannot fetch them and leaves them out of the lockfile, after which `npm ci` refuses the lockfile as
// "not in sync". An entry with the package's `os`/`cpu`/`libc` lets `npm ci` skip it on this platform
// and fetch it on the platform that needs it. Run after changing dependencies: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];
const LIBC = { gnu: 'glibc', musl: 'musl' };

/** The platform constraints encoded in a binary package's name, e.g. `cli-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  const libc = parts.map((part) => LIBC[part]).find(Boolean);
  if (!cpu && !os) return undefined;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${path}/${key}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[key] = { version, ...(entry.dev && { dev: true }), optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
// The root entry ("") comes first in every lockfile and stays first.
const [root = ['', {}], ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(
  added.length ? `added ${added.length} entries:\n  ${added.join('\n  ')}\n` : 'nothing to add\n',
);
