// Where a profiled build's CPU went: `node bench/profile-summary.mjs DIR [caller-of]` reads the V8
// CPU profiles in DIR (written by `BENCH_CPU_PROF_DIR=DIR npm run bench …`, one per build or worker
// process) and prints, per profile, self time by package and the top functions; with a function name
// as second argument, the call chains that led to it instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, callerOf] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/profile-summary.mjs DIR [function-name]');
  process.exit(2);
}

/** The package a script URL belongs to: `astro`, `@scope/name`, `packages/astro`, `node:fs`. */
function packageOf(url, functionName) {
  if (!url) return functionName || '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  const pk = url.indexOf('/packages/');
  if (pk >= 0) return `packages/${url.slice(pk + '/packages/'.length).split('/')[0]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url.split('/').slice(-2).join('/');
}

const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
const secs = (us) => `${(us / 1e6).toFixed(2)} s`;

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    self.set(id, (self.get(id) ?? 0) + dt);
  });
  console.log(`== ${file}: ${secs(total)} sampled`);
  if (callerOf) {
    const chains = new Map();
    for (const [id, t] of self) {
      if (byId.get(id).callFrame.functionName !== callerOf) continue;
      const chain = [];
      for (let p = parentOf.get(id); p && chain.length < 6; p = parentOf.get(p)) {
        const cf = byId.get(p).callFrame;
        chain.push(
          `${cf.functionName || '(anonymous)'} ${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber + 1}`,
        );
      }
      const key = chain.join(' < ');
      chains.set(key, (chains.get(key) ?? 0) + t);
    }
    for (const [k, t] of top(chains, 8)) console.log(`  ${secs(t)}  ${k}`);
    continue;
  }
  const byPackage = new Map();
  const byFunction = new Map();
  for (const [id, t] of self) {
    const cf = byId.get(id).callFrame;
    const pkg = packageOf(cf.url, cf.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
    const fn = `${cf.functionName || '(anonymous)'} ${cf.url ? `${pkg} :${cf.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
  }
  console.log('  self time by package:');
  for (const [k, t] of top(byPackage, 15)) console.log(`  ${secs(t).padStart(8)}  ${k}`);
  console.log('  top functions:');
  for (const [k, t] of top(byFunction, 15)) console.log(`  ${secs(t).padStart(8)}  ${k}`);
}
