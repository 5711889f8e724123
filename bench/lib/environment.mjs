import { execFileSync } from 'node:child_process';
import os from 'node:os';

export function environment() {
  let commit = 'unknown';
  let uncommittedFiles = 0;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    // A report made from changes not yet committed must not name the commit as if it were that code.
    // The report's own outputs (report.md, results.json, chart.svg) do not count.
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((line) => line.trim() !== '' && !/bench\/(report\.md|results\.json|chart\.svg)$/.test(line));
    uncommittedFiles = changed.length;
  } catch {}
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'unknown'}`,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    commit,
    uncommittedFiles,
  };
}
