import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/entries/sanitize.js';
import { SanitizeThread } from '../src/entries/sanitize-thread.js';

const run = promisify(execFile);

/** Markup that sanitizing changes, and markup it keeps. */
const CORPUS = [
  '<p>Plain paragraph</p>',
  '<script>alert(1)</script><p>after</p>',
  '<img src="x.png" onerror="alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<a href="javascript:alert(1)">x</a><a href="//evil.example/">y</a><a href="/ok" target="_blank">z</a>',
  '<div id="main" class="promo big" style="color: red; position: fixed">styled</div>',
  '<p>unclosed <b>bold <i>italic',
  '<table><tr><td colspan="2">cell</td></tr></table>',
  'no markup & no tags',
];
const texts = Array.from({ length: 300 }, (_, i) => `${CORPUS[i % CORPUS.length]}<p>#${i}</p>`);

const scratch = mkdtempSync(join(tmpdir(), 'sanitize-thread-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('SanitizeThread', () => {
  it('gives exactly the main thread’s results, sanitized on a worker thread', async () => {
    const thread = new SanitizeThread();
    try {
      const [first, second] = await Promise.all([thread.sanitize(texts), thread.sanitize(texts.slice(0, 7))]);
      expect(first).toEqual(texts.map(sanitizeHtml));
      expect(second).toEqual(texts.slice(0, 7).map(sanitizeHtml));
      expect(thread.sanitizedOnThread).toBe(307);
      expect(first[1]).not.toContain('script');
    } finally {
      await thread.close();
    }
  });

  it('sanitizes on the main thread when the worker cannot load its module', async () => {
    const thread = new SanitizeThread(pathToFileURL(join(scratch, 'missing.js')).href);
    try {
      expect(await thread.sanitize(texts)).toEqual(texts.map(sanitizeHtml));
      expect(await thread.sanitize(texts.slice(0, 3))).toEqual(texts.slice(0, 3).map(sanitizeHtml));
      expect(thread.sanitizedOnThread).toBe(0);
    } finally {
      await thread.close();
    }
  });

  it('takes over on the main thread when the worker fails part-way, losing no fragment', async () => {
    const failing = join(scratch, 'fails-on-boom.mjs');
    writeFileSync(
      failing,
      `export function sanitizeHtml(html) { if (html.includes('boom')) throw new Error('boom'); return html.toUpperCase(); }\n`,
    );
    const thread = new SanitizeThread(pathToFileURL(failing).href);
    try {
      // The first answer comes from the (stand-in) thread; the second batch kills it.
      expect(await thread.sanitize(['<p>a</p>'])).toEqual(['<P>A</P>']);
      const after = await thread.sanitize(['<p>boom</p>', '<script>x</script>']);
      expect(after).toEqual(['<p>boom</p>', '']);
      expect(await thread.sanitize(['<p>later</p>'])).toEqual(['<p>later</p>']);
      expect(thread.sanitizedOnThread).toBe(1);
    } finally {
      await thread.close();
    }
  });

  it('never keeps the process alive: a script that does not close it still exits', async () => {
    // The compiled module, as a package user runs it (`npm test` builds the packages first).
    const compiled = fileURLToPath(new URL('../dist/entries/sanitize-thread.js', import.meta.url));
    const script = `
      import { SanitizeThread } from ${JSON.stringify(pathToFileURL(compiled).href)};
      const thread = new SanitizeThread();
      const out = await thread.sanitize(['<p onclick="x()">hi</p>']);
      console.log(JSON.stringify({ out, onThread: thread.sanitizedOnThread }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      timeout: 20_000,
    });
    expect(JSON.parse(stdout)).toEqual({ out: ['<p>hi</p>'], onThread: 1 });
  });
});
