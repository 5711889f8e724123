/** The on-demand server's check of its connection at start (the built-server test in test/on-demand.test.ts runs it for real). */
import { describe, expect, it } from 'vitest';
import { checksAtStart } from '../src/build-time/integration/start-check.js';
import { checkConnectionAtStart, connectionProblems } from '../src/request-time/start-check.js';

const complete = {
  SITECONTENT_BASE_URL: 'https://api.example',
  SITECONTENT_API_KEY: 'k-1',
  SITECONTENT_SID: '3',
};

describe('connectionProblems', () => {
  it('names every missing setting at once; an empty value is unset', () => {
    expect(connectionProblems({})).toEqual([
      'SITECONTENT_BASE_URL, SITECONTENT_API_KEY, SITECONTENT_SID not set',
    ]);
    expect(connectionProblems({ ...complete, SITECONTENT_API_KEY: '' })).toEqual([
      'SITECONTENT_API_KEY not set',
    ]);
    expect(connectionProblems(complete)).toEqual([]);
  });

  it('names a malformed URL without echoing it (it may carry a key), and a malformed site number', () => {
    const url = 'https://api.example/?key=secret-9';
    const problems = connectionProblems({ ...complete, SITECONTENT_BASE_URL: url, SITECONTENT_SID: '0' });
    expect(problems).toEqual([
      'SITECONTENT_BASE_URL is not an http(s) URL without a query string',
      'SITECONTENT_SID must be a whole number from 1, got "0"',
    ]);
    expect(connectionProblems({ ...complete, SITECONTENT_BASE_URL: 'api.example' })).toHaveLength(1);
  });
});

describe('checkConnectionAtStart', () => {
  it('logs one line when something is wrong, nothing when all is set or there is no process.env', () => {
    const lines: string[] = [];
    checkConnectionAtStart((line) => lines.push(line), { SITECONTENT_BASE_URL: 'https://api.example' });
    checkConnectionAtStart((line) => lines.push(line), complete);
    checkConnectionAtStart((line) => lines.push(line), null);
    expect(lines).toEqual([
      '[@sitecontent/astro] on-demand pages will answer 500 until the connection is set: ' +
        "SITECONTENT_API_KEY, SITECONTENT_SID not set in this server's environment " +
        '(unless the live loaders are given these settings in code)',
    ]);
  });

  it('logs a purge token or preview secret shorter than 16 characters by name, never its value', () => {
    const lines: string[] = [];
    const env = {
      ...complete,
      SITECONTENT_PURGE_TOKEN: 'tok-9',
      SITECONTENT_PREVIEW_SECRET: 'preview-secret-4b8e',
    };
    checkConnectionAtStart((line) => lines.push(line), env);
    checkConnectionAtStart((line) => lines.push(line), { ...env, SITECONTENT_PREVIEW_SECRET: 'prv-2' });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\[@sitecontent\/astro\] SITECONTENT_PURGE_TOKEN is shorter than 16 characters: .*; this server refuses it until then$/,
    );
    expect(lines[2]).toContain('SITECONTENT_PREVIEW_SECRET is shorter than 16 characters');
    for (const line of lines) expect(line).not.toMatch(/tok-9|prv-2/);
  });

  it('runs at start on every adapter but Cloudflare, whose Workers have no settings at start', () => {
    expect(checksAtStart('@astrojs/node')).toBe(true);
    expect(checksAtStart('@astrojs/netlify')).toBe(true);
    expect(checksAtStart('@astrojs/vercel')).toBe(true);
    expect(checksAtStart('@astrojs/cloudflare')).toBe(false);
    expect(checksAtStart(undefined)).toBe(false);
  });
});
