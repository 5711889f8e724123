// Every `sitecontent set|create|delete|domains` command the documentation shows in a `sh` block is
// run, as written, through the built bin against a demo emulator (one per document, in the order the
// document gives them): a documented command that is bad usage (exit 2) or fails (exit 1) fails here.
// A command with `--write` or `SITECONTENT_WRITE=1` must write (exit 0); a dry run exits 0 or 3.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@sitecontent/emulator';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';
import { DOCS } from './snippets.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(repoRoot, 'packages/client/bin/sitecontent.js');
const KINDS = new Set(['set', 'create', 'delete', 'domains']);

interface Documented {
  doc: string;
  line: number;
  /** The environment the line sets before the command (`SITECONTENT_WRITE=1 npx sitecontent …`). */
  env: Record<string, string>;
  args: string[];
}

/** Shell words of one command line: double and single quotes, no expansion. */
function words(text: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = undefined;
      else word = (word ?? '') + c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) out.push(word);
  return out;
}

/** The `sitecontent` write and domain commands of a document's `sh` blocks. */
function documentedCommands(doc: string): Documented[] {
  const lines = readFileSync(path.join(repoRoot, doc), 'utf8').split('\n');
  const found: Documented[] = [];
  let inSh = false;
  lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) {
      inSh = !inSh && /^\s*```sh\s*$/.test(line);
      return;
    }
    if (!inSh) return;
    // A comment starts at ` #` outside quotes; commands are split at `&&`, `||` and `;`.
    const code = line.replace(/\s#(?=(?:[^"']|"[^"]*"|'[^']*')*$).*$/, '');
    for (const part of code.split(/&&|\|\||;/)) {
      const all = words(part);
      const env: Record<string, string> = {};
      while (all[0] && /^[A-Z_]+=/.test(all[0])) {
        const [name, ...value] = (all.shift() as string).split('=');
        env[name as string] = value.join('=');
      }
      if (all[0] === 'npx') all.shift();
      if (all[0] !== 'sitecontent' || !KINDS.has(all[1] ?? '')) continue;
      found.push({ doc, line: index + 1, env, args: all.slice(1) });
    }
  });
  return found;
}

const byDoc = DOCS.map((doc) => ({ doc, commands: documentedCommands(doc) })).filter(
  (entry) => entry.commands.length > 0,
);

describe('documented sitecontent set|create|delete|domains commands', () => {
  const emulators: Emulator[] = [];
  afterAll(async () => {
    await Promise.all(emulators.map((emu) => emu.close()));
  });

  it('are documented in the CLI reference, the emulator guide, keeping fresh and build pipelines', () => {
    const docs = byDoc.map((entry) => entry.doc);
    for (const doc of [
      'reference/cli.md',
      'guides/emulator.md',
      'guides/keeping-fresh.md',
      'guides/build-pipelines.md',
    ]) {
      expect(docs).toContain(`docs/src/content/docs/${doc}`);
    }
  });

  it.each(byDoc)(
    '$doc: each runs against the demo emulator as written',
    async ({ commands }) => {
      // The demo's main domain, paid for long enough that the documented check passes whenever this runs.
      const paidtill = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
      const emu = await startEmulator({ seed: 'demo', domains: [{ domain: 'shop.example', paidtill }] });
      emulators.push(emu);
      const connection = {
        PATH: process.env.PATH ?? '',
        SITECONTENT_BASE_URL: emu.url,
        SITECONTENT_API_KEY: emu.key,
        SITECONTENT_SID: String(emu.sid),
      };
      for (const command of commands) {
        const run = await runProcess(process.execPath, [BIN, ...command.args], {
          cwd: repoRoot,
          env: { ...connection, ...command.env },
          timeoutMs: 60_000,
        });
        const where = `${command.doc}:${command.line}: sitecontent ${command.args.join(' ')}\n${run.output}`;
        const writes = command.args.includes('--write') || command.env.SITECONTENT_WRITE === '1';
        if (writes || command.args[0] === 'domains') expect(run.code, where).toBe(0);
        else expect([0, 3], where).toContain(run.code);
      }
    },
    120_000,
  );
});
