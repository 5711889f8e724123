// Varnish for the CDN suites: Debian's varnishd (with the xkey module of varnish-modules) as a
// child process in the foreground, on 127.0.0.1 and a free port, with its own working folder in a
// temporary directory and the repository's VCL pointed at the given backend. Stopped by `close()`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './storefront.js';

export const VARNISH_VCL = path.join(repoRoot, 'docs/cdn/varnish.vcl');

/** A port free now on 127.0.0.1 (for a server whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

export interface Varnish {
  url: string;
  close(): Promise<void>;
}

/** Starts varnishd on `port` with the repository's VCL, its backend at 127.0.0.1:`backendPort`. */
export async function startVarnish(port: number, backendPort: number): Promise<Varnish> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitecontent-varnish-'));
  const vcl = path.join(dir, 'site.vcl');
  writeFileSync(vcl, readFileSync(VARNISH_VCL, 'utf8').replace('.port = "4321"', `.port = "${backendPort}"`));
  const child: ChildProcess = spawn(
    'varnishd',
    // -F: foreground; -j none: no privilege separation (its own temp folder, whoever runs it).
    [
      '-F',
      '-j',
      'none',
      '-T',
      'none',
      '-n',
      path.join(dir, 'work'),
      '-f',
      vcl,
      '-a',
      `127.0.0.1:${port}`,
      '-s',
      'malloc,32m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      output += `${error.message} (is Debian's varnish installed?)\n`;
      resolve();
    });
  });
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; !(await answers(port)); tries++) {
    if (child.exitCode !== null || tries > 100) {
      await close();
      throw new Error(`varnishd did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, close };
}
