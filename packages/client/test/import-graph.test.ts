// The sources' import graph, type-only imports included (a type import still ties two files'
// changes together): no file reaches itself, and no two folders of src/ import each other, the files
// at its top (the entries, the client, its options) counting as one folder.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

const FILES = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.split(path.sep).join('/'));

/** The package files `file` imports or re-exports, relative to src/ (`http/executor.ts`). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(SRC, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)].map((m) =>
    path
      .relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), m[1]!))
      .split(path.sep)
      .join('/')
      .replace(/\.js$/, '.ts'),
  );
}

const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** Each cycle found by a depth-first walk, as `a.ts -> b.ts -> a.ts`. */
function cycles(): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of GRAPH.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of FILES) if (!state.has(file)) visit(file);
  return found;
}

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '(top)');

describe('the import graph of src/', () => {
  it('reads the imports, type-only ones too', () => {
    // The reader itself: were it blind, the tests below would pass on anything.
    expect(importsOf('resources/core.ts')).toContain('resources/record-parsing.ts');
    expect(importsOf('resources/core.ts')).toContain('http/executor.ts'); // `import type`
    expect(importsOf('index.ts')).toContain('client.ts'); // `export … from`
  });

  it('has no cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('has no two folders that import each other', () => {
    const edges = new Set<string>();
    for (const [file, targets] of GRAPH) {
      for (const target of targets) {
        if (folderOf(file) !== folderOf(target)) edges.add(`${folderOf(file)} -> ${folderOf(target)}`);
      }
    }
    const mutual = [...edges].filter((edge) => {
      const [from, to] = edge.split(' -> ');
      return from! < to! && edges.has(`${to} -> ${from}`);
    });
    expect(mutual).toEqual([]);
  });
});
