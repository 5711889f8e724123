// Code snippets of the Markdown documentation, for the test that compiles them. A snippet is a
// fenced `ts`, `js`, `mjs` or `astro` block; the line before its fence names the file it becomes in
// the check project: `<!-- snippet: src/content.config.ts -->`. A block without that line fails the
// test, so a new snippet cannot slip past the compiler.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The documentation site's own pages (not the ones its build generates), relative to the repository. */
function sitePages(): string[] {
  const dir = 'docs/src/content/docs';
  const generated = /^(reference\/(astro|astro-search|client|client-changes|emulator)|contributing)\//;
  return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file) && !generated.test(file.split(path.sep).join('/')))
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .sort();
}

/** Every Markdown file whose snippets are checked: the READMEs, the repository's docs and the site. */
export const DOCS = [
  'README.md',
  'packages/astro/README.md',
  'packages/client/README.md',
  'packages/client/META.md',
  'packages/emulator/README.md',
  'example-site/README.md',
  'RELEASING.md',
  'docs/architecture.md',
  'docs/interface.md',
  ...sitePages(),
];

export const CHECKED_LANGUAGES = new Set(['ts', 'js', 'mjs', 'astro']);

export interface Snippet {
  /** The Markdown file, relative to the repository. */
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  /** Where the snippet goes in the check project; `undefined` when the marker is missing. */
  file: string | undefined;
  code: string;
}

const FENCE = /^(\s*)```(\w*)\s*$/;
const MARKER = /^\s*<!--\s*snippet:\s*(\S+)\s*-->\s*$/;

/**
 * Every fenced block of `doc` in a checked language, and every other block with a marker (a YAML
 * workflow, say), each with the file its marker names.
 */
export function snippetsOf(repoRoot: string, doc: string): Snippet[] {
  const lines = readFileSync(path.join(repoRoot, doc), 'utf8').split('\n');
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open?.[2]) continue;
    const indent = open[1] ?? '';
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j] ?? ''); j++) {
      const text = lines[j] ?? '';
      body.push(text.startsWith(indent) ? text.slice(indent.length) : text.trimStart());
    }
    let k = i - 1;
    while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
    const marker = MARKER.exec(lines[k] ?? '');
    if (CHECKED_LANGUAGES.has(open[2]) || marker) {
      out.push({ doc, line: i + 1, language: open[2], file: marker?.[1], code: `${body.join('\n')}\n` });
    }
    i = j;
  }
  return out;
}

/** The code of the one documented snippet that becomes `file`, wherever in {@link DOCS} it is. */
export function snippet(file: string): string {
  const found = DOCS.flatMap((doc) => snippetsOf(repoRoot, doc)).filter((s) => s.file === file);
  if (found.length !== 1) throw new Error(`${found.length} documented snippets become ${file}, not 1`);
  return (found[0] as Snippet).code;
}
