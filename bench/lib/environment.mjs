import { execFileSync } from 'node:child_process';
import os from 'node:os';

export function environment() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'unknown'}`,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    commit,
  };
}
