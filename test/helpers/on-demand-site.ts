// Shared helpers of the on-demand suites: an Astro fixture built with @astrojs/node, served by its
// own `node dist/server/entry.mjs` on 127.0.0.1, what the suites ask of it (views, purges, the CLI),
// a recording proxy in front of the emulator that can play an outage, and an image host that can
// play one too.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startSilentHost } from '../../bench/lib/silent-host.mjs';
import { buildFixture, createFixture, type Fixture } from '../../packages/astro/test/helpers/fixture.js';
import { type ProcessResult, runProcess } from './process.js';
import { repoRoot } from './storefront.js';

export { snippet } from '../docs/snippets.js';

/** `astro.config.mjs` code with the fixture's own cache dir (the build's data store stays in it). */
export function withFixtureCacheDir(config: string): string {
  return config.replace('defineConfig({', "defineConfig({\n  cacheDir: './.cache',");
}

/** Builds an Astro fixture of `files` in this process against the service in `env`. */
export async function buildSite(
  files: Record<string, string | Uint8Array>,
  env: Record<string, string>,
): Promise<Fixture> {
  const fx = createFixture(files);
  const { error, output } = await buildFixture(fx, env);
  if (error) throw new Error(`the fixture build failed: ${error.message}\n${output.slice(-3000)}`);
  return fx;
}

export interface ServedSite {
  url: string;
  /** What the server printed so far. */
  output(): string;
  close(): Promise<void>;
}

/** Starts `node <entry>` (an @astrojs/node standalone server) on 127.0.0.1 and a free port. */
export async function serveEntry(
  entry: string,
  env: Record<string, string>,
  cwd = path.dirname(entry),
): Promise<ServedSite> {
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /Server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    url,
    output: () => output,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The connection settings of the service at `baseUrl`, as a build or a server reads them. */
export function connectionEnv(
  baseUrl: string,
  service: { key: string; sid: number },
): Record<string, string> {
  return {
    SITECONTENT_BASE_URL: baseUrl,
    SITECONTENT_API_KEY: service.key,
    SITECONTENT_SID: String(service.sid),
  };
}

/** What a GET of `url` answered: its status, headers and body. */
export async function viewPage(url: string): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A POST of `body` to the site's purge endpoint, with `token` as its bearer token (none if null). */
export function postPurge(siteUrl: string, body: string, token: string | null): Promise<Response> {
  return fetch(`${siteUrl}/_sitecontent/purge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

/** `sitecontent <args>` as a user runs it in `cwd`, with PATH and `env` its only environment. */
export function runSitecontent(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<ProcessResult> {
  return runProcess(process.execPath, [path.join(repoRoot, 'packages/client/bin/sitecontent.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeoutMs: 60_000,
  });
}

/** The lines of a server's log that report a failure of its on-demand pages. */
export function failureLines(output: string): string[] {
  return output.split('\n').filter((l) => /on-demand pages? answers? 50\d/.test(l));
}

/** Headers of one connection, not passed on (fetch also decodes the body it reads). */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

/**
 * A proxy in front of a server (the service, or a site behind Varnish) that records each request (`operation?query`, the key left out)
 * and, while `down`, answers every request with a gateway's maintenance page (HTML with status
 * 200: an unusable answer, which the client retries and then reports).
 */
export async function recordingProxy(targetUrl: string) {
  const state = { requests: [] as string[], down: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', targetUrl);
    url.searchParams.delete('key');
    state.requests.push(`${url.pathname.replace(/^\/v1\//, '')}${url.search}`);
    if (state.down) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Down for maintenance</body></html>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const headers = Object.entries(req.headers).flatMap(([name, value]) =>
          HOP_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
        );
        const up = await fetch(new URL(req.url ?? '/', targetUrl), {
          method: req.method,
          headers,
          redirect: 'manual',
          ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
        });
        const body = Buffer.from(await up.arrayBuffer());
        const answer = [...up.headers].filter(([name]) => !HOP_HEADERS.has(name));
        res.writeHead(up.status, Object.fromEntries(answer));
        res.end(body);
      } catch {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    /** The requests recorded since the last call. */
    take(): string[] {
      return state.requests.splice(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An image host that holds every request while `state.silent`, else answers `image` (bench/lib/silent-host.mjs). */
export const imageHost = (image: Uint8Array) => startSilentHost(image);
