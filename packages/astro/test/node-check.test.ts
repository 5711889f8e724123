/** The on-demand server's check of its Node at start (test/older-node.test.ts runs a built server on Node 20). */
import { describe, expect, it } from 'vitest';
import { ownsTheProcess } from '../src/build-time/integration/start-check.js';
import { NODE_FLOOR, nodeAtStartProblem } from '../src/request-time/node-check.js';

const [major, minor, patch] = NODE_FLOOR.split('.').map(Number) as [number, number, number];

describe('nodeAtStartProblem', () => {
  it('says nothing from the floor on, nor where there is no Node', () => {
    for (const version of [NODE_FLOOR, `${major}.${minor + 100}.0`, '24.0.0', '100.1.2', undefined])
      expect(nodeAtStartProblem(version, 'dist/server/entry.mjs'), version).toBeUndefined();
  });

  it('names the floor and the Node below it, by number (22.9 is below 22.23)', () => {
    for (const version of ['20.19.0', `${major}.9.0`, `${major}.${minor}.${patch - 1}`])
      expect(nodeAtStartProblem(version), version).toBe(
        `[@sitecontent/astro] needs Node ≥ ${NODE_FLOOR}, this is ${version}: ` +
          'on-demand pages will answer 500 until the host runs the server on a newer Node',
      );
  });

  it('names the command that runs a server of its own on Node 24', () => {
    expect(nodeAtStartProblem('20.19.0', 'dist/server/entry.mjs')).toBe(
      `[@sitecontent/astro] needs Node ≥ ${NODE_FLOOR}, this is 20.19.0; run: npx -y -p node@24 -- node dist/server/entry.mjs`,
    );
  });

  it('stops the process only where the site owns it: the Node adapter, not a function of a host', () => {
    expect(ownsTheProcess('@astrojs/node')).toBe(true);
    for (const adapter of ['@astrojs/netlify', '@astrojs/vercel', undefined])
      expect(ownsTheProcess(adapter)).toBe(false);
  });
});
