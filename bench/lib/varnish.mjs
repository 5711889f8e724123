// Debian's varnishd (with the xkey module of varnish-modules) as a child process in the
// foreground, on 127.0.0.1 and a given port, with its own working folder in a temporary
// directory and the repository's VCL (docs/cdn/varnish.vcl) pointed at the given backend. Used by
// the on-demand benchmark and the CDN test (test/helpers/varnish.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const VARNISH_VCL = fileURLToPath(new URL('../../docs/cdn/varnish.vcl', import.meta.url));

/**
 * A free port on 127.0.0.1, held by a listening socket until `release()`: for a server whose
 * address must be known long before it starts (a site built to send PURGE to its Varnish). While
 * held, neither another test's server nor an outgoing connection can take it; a port only looked
 * up and let go was taken by one during a minutes-long build when test files ran side by side.
 * @returns {Promise<{ port: number, release(): Promise<void> }>}
 */
export async function reservePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const release = () => new Promise((resolve) => server.close(() => resolve(undefined)));
  return { port, release };
}

/** A port free now on 127.0.0.1, for a server that starts right away. */
export async function freePort() {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/** @param {number} port */
export const answers = (port) =>
  new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

/**
 * Starts varnishd on the reserved port (`reservePort()`, let go only as varnishd starts) with the
 * repository's VCL, its backend at 127.0.0.1:`backendPort`.
 * @param {{ port: number, release(): Promise<void> }} reserved
 * @param {number} backendPort
 * @param {{ storageMB?: number }} [options] `storageMB`: the cache's memory (default 32)
 * @returns {Promise<{ url: string, pid: number, close(): Promise<void> }>}
 */
export async function startVarnish(reserved, backendPort, options = {}) {
  const { port } = reserved;
  await reserved.release();
  const dir = mkdtempSync(path.join(tmpdir(), 'sitecontent-varnish-'));
  const vcl = path.join(dir, 'site.vcl');
  writeFileSync(vcl, readFileSync(VARNISH_VCL, 'utf8').replace('.port = "4321"', `.port = "${backendPort}"`));
  // -F: foreground; -j none: no privilege separation (its own temp folder, whoever runs it).
  const args = ['-F', '-j', 'none', '-T', 'none', '-n', path.join(dir, 'work'), '-f', vcl];
  args.push('-a', `127.0.0.1:${port}`, '-s', `malloc,${options.storageMB ?? 32}m`);
  const child = spawn('varnishd', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c) => (output += c.toString('utf8')));
  const exited = new Promise((resolve) => {
    child.once('exit', () => resolve(undefined));
    child.once('error', (error) => {
      output += `${error.message} (is Debian's varnish installed?)\n`;
      resolve(undefined);
    });
  });
  const close = async () => {
    if (child.exitCode === null && child.pid !== undefined) child.kill('SIGTERM');
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
  // Something answers at the port: make sure it is this varnishd (it names itself in X-Varnish)
  // and not another server that took the port first, which would answer every later request.
  // A PURGE naming no keys: Varnish answers it itself (400), nothing reaches the backend.
  const probe = await fetch(`http://127.0.0.1:${port}/`, { method: 'PURGE' }).catch(() => undefined);
  if (!probe?.headers.has('x-varnish') || child.exitCode !== null) {
    await close();
    throw new Error(`varnishd did not start: another server answers at 127.0.0.1:${port}\n${output}`);
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, close };
}
