// The packages' sources form layers (docs/architecture.md, "Layers"): no import cycle between files,
// type-only imports included; no two folders (or files beside them) that import each other; in the
// astro package, build-time and request-time code never import each other, and what both use
// imports neither; and request-time code finds its shared state in one place, only when it is made.
// Read from the sources with TypeScript's own parser.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/storefront.js';

const ASTRO = path.join(repoRoot, 'packages/astro/src');
const CLIENT = path.join(repoRoot, 'packages/client/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [file] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/** The package files `file` imports or re-exports, type-only ones included, relative to `src`. */
function importsOf(src: string, file: string): string[] {
  const found: string[] = [];
  for (const statement of parse(path.join(src, file)).statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(path.join(src, file)), specifier.text).replace(/\.js$/, '.ts');
    found.push(path.relative(src, target));
  }
  return found;
}

function importGraph(src: string): Map<string, string[]> {
  const files = sourceFiles(src).map((f) => path.relative(src, f));
  return new Map(files.map((file) => [file, importsOf(src, file)]));
}

/** Files that import each other through a chain (strongly connected, more than one file). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        members.push(member);
      } while (member !== file);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * Pairs of rooms that import each other, at every folder: the rooms of a folder are its subfolders
 * and its files, and an import between two files stands for one between the rooms holding them.
 */
function foldersImportingEachOther(graph: Map<string, string[]>): string[] {
  const arrows = new Set<string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = file.split('/');
      const to = target.split('/');
      let shared = 0;
      while (shared < from.length - 1 && shared < to.length - 1 && from[shared] === to[shared]) shared++;
      const a = from.slice(0, shared + 1).join('/');
      const b = to.slice(0, shared + 1).join('/');
      if (a !== b) arrows.add(`${a} -> ${b}`);
    }
  }
  return [...arrows].filter((arrow) => {
    const [a, b] = arrow.split(' -> ');
    return a! < b! && arrows.has(`${b} -> ${a}`);
  });
}

const layerOf = (file: string) =>
  file.startsWith('build-time/')
    ? 'build-time'
    : file.startsWith('request-time/')
      ? 'request-time'
      : 'shared';

describe('the packages form layers', () => {
  const astro = importGraph(ASTRO);
  const client = importGraph(CLIENT);

  it('sees every import, type-only ones too', () => {
    // The reader itself: were it blind, the tests below would pass on anything.
    expect(importsOf(ASTRO, 'request-time/live-loaders/live-runtime.ts')).toContain(
      'request-time/live-loaders/circuit-breaker.ts',
    );
    expect(readFileSync(path.join(ASTRO, 'request-time/live-loaders/live-runtime.ts'), 'utf8')).toContain(
      "import type { CircuitBreaker } from './circuit-breaker.js'",
    );
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
          ['c.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(
      foldersImportingEachOther(
        new Map([
          ['x/a.ts', ['y/b.ts']],
          ['y/b.ts', ['x/c.ts']],
        ]),
      ),
    ).toEqual(['x -> y']);
  });

  it('no file imports itself through others', () => {
    expect(cycles(astro)).toEqual([]);
    expect(cycles(client)).toEqual([]);
  });

  it('no two folders import each other', () => {
    expect(foldersImportingEachOther(astro)).toEqual([]);
    expect(foldersImportingEachOther(client)).toEqual([]);
  });

  it('build-time and request-time code never import each other, and what both use imports neither', () => {
    const crossings = [...astro].flatMap(([file, targets]) =>
      targets
        .filter((target) => layerOf(target) !== 'shared' && layerOf(target) !== layerOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    // The main entry is the one file above both.
    expect(crossings.filter((c) => !c.startsWith('index.ts ->'))).toEqual([]);
  });
});

describe('request-time state', () => {
  const LOOKUPS = new Set(['servingState', 'liveProject']);

  /** The calls of the state lookups, each with the function it is in, as `file: function`. */
  function lookupCalls(): string[] {
    const calls: string[] = [];
    for (const file of sourceFiles(ASTRO)) {
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          LOOKUPS.has(node.expression.text)
        ) {
          calls.push(`${path.relative(ASTRO, file)}: ${enclosingName(node)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(parse(file));
    }
    return calls.sort();
  }

  /**
   * The name of the function a call is made in when that function is declared at the top of its
   * module (a factory, run when something is made), else `per call` (a closure it returns, run per
   * request).
   */
  function enclosingName(node: ts.Node): string {
    let fn: ts.Node | undefined = node.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    if (!fn) return 'module';
    if (ts.isFunctionDeclaration(fn) && ts.isSourceFile(fn.parent)) return fn.name?.text ?? 'per call';
    const declaration = fn.parent;
    if (
      ts.isVariableDeclaration(declaration) &&
      ts.isIdentifier(declaration.name) &&
      ts.isSourceFile(declaration.parent.parent.parent)
    )
      return declaration.name.text;
    return 'per call';
  }

  it('is looked up in one place, and only by what it is handed to when that is made', () => {
    expect(lookupCalls()).toEqual([
      // What request-time code is made with, and the one place that hands the state out.
      'request-time/endpoints/product-feed-route.ts: productFeedHandler',
      'request-time/endpoints/product-sitemap-routes.ts: sitemapRoute',
      'request-time/endpoints/purge-endpoint.ts: purgeHandler',
      'request-time/live-loaders/live-runtime.ts: liveRuntime',
      'request-time/live-loaders/on-demand-state.ts: servingState',
      // Per call: a page's failure answer reads the server's failure ages, which the middleware
      // may bring after the page's module was made.
      'request-time/live-loaders/page-answers.ts: liveErrorResponse',
      'request-time/middleware.ts: onDemandMiddleware',
    ]);
  });
});

describe('module state', () => {
  /** `let` and `var` declared at the top of a package source file: state every importer shares. */
  const moduleLevelVariables = () =>
    ['client', 'astro', 'emulator'].flatMap((pkg) => {
      const src = path.join(repoRoot, 'packages', pkg, 'src');
      return sourceFiles(src).flatMap((file) =>
        parse(file)
          .statements.filter(ts.isVariableStatement)
          .filter((statement) => !(statement.declarationList.flags & ts.NodeFlags.Const))
          .flatMap((statement) =>
            statement.declarationList.declarations.map(
              (d) => `${pkg}/${path.relative(src, file)}: ${d.name.getText()}`,
            ),
          ),
      );
    });

  it('no package source keeps mutable module-level variables (a `let` or `var` at its top)', () => {
    expect(moduleLevelVariables()).toEqual([]);
  });
});

describe('what the packages read from outside', () => {
  /** Each `process.env` (or `process?.env`) read in a package source, as `pkg/file`. */
  const environmentReads = () =>
    ['client', 'astro'].flatMap((pkg) => {
      const src = path.join(repoRoot, 'packages', pkg, 'src');
      return sourceFiles(src).flatMap((file) => {
        const reads: string[] = [];
        const visit = (node: ts.Node) => {
          if (
            ts.isPropertyAccessExpression(node) &&
            node.name.text === 'env' &&
            /(^|\.)process$/.test(node.expression.getText())
          )
            reads.push(`${pkg}/${path.relative(src, file)}`);
          ts.forEachChild(node, visit);
        };
        visit(parse(file));
        return reads;
      });
    });

  it('the environment is read in one module (its config-time and request-time readers)', () => {
    expect(new Set(environmentReads())).toEqual(new Set(['client/env/environment.ts']));
  });

  /** Each `Symbol.for(…)` in a package source, as `pkg/file`. */
  const sharedSymbols = () =>
    ['client', 'astro'].flatMap((pkg) => {
      const src = path.join(repoRoot, 'packages', pkg, 'src');
      return sourceFiles(src).flatMap((file) => {
        const found: string[] = [];
        const visit = (node: ts.Node) => {
          if (ts.isCallExpression(node) && node.expression.getText() === 'Symbol.for')
            found.push(`${pkg}/${path.relative(src, file)}`);
          ts.forEachChild(node, visit);
        };
        visit(parse(file));
        return found;
      });
    });

  it('no `Symbol.for` channel between modules: only the one process-wide slot', () => {
    expect(sharedSymbols()).toEqual(['astro/project/open-projects.ts']);
  });
});
