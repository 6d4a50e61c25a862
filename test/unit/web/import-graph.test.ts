/**
 * The web app's import graph keeps its shape: components/ and lib/ are shared and import no feature
 * folder, the folders of web/src import each other without a cycle, and so do its files. A cycle
 * is where code that should have been moved to a shared place (components/, lib/) was reached for
 * across folders instead.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));
const SOURCE = /\.tsx?$/;
/** Data the bundler imports as a module (it imports nothing itself). */
const DATA = /\.json$/;
/** Shared folders: what every feature folder may use, so they may use no feature folder. */
const SHARED = new Set(['components', 'lib', 'theme']);
/** Static imports and re-exports, side-effect imports, and lazy `import('…')` of a page. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

type Graph = Map<string, Set<string>>;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });

/** A relative specifier to the file it names, as the bundler resolves it (extension optional). */
const resolveImport = (from: string, specifier: string): string | undefined =>
  ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => resolve(dirname(from), specifier) + ending)
    .find((path) => (SOURCE.test(path) || DATA.test(path)) && existsSync(path) && statSync(path).isFile());

/** Each file (relative to web/src) to the web/src files it imports; `#api/…` and packages lie outside. */
function fileGraph(): { graph: Graph; unresolved: string[] } {
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const imports = new Set<string>();
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveImport(file, specifier);
      if (target) imports.add(relative(SRC, target));
      else unresolved.push(`${relative(SRC, file)} imports ${specifier}`);
    }
    graph.set(relative(SRC, file), imports);
  }
  return { graph, unresolved };
}

/** web/src's first-level folder of a file; '.' for the files at its root (main, App, router). */
const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0] : '.');

/** The same graph between folders, without a folder's imports of itself. */
function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [file, imports] of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    for (const target of imports) if (folderOf(target) !== from) edges.add(folderOf(target));
    graph.set(from, edges);
  }
  return graph;
}

/** One cycle of the graph as the path around it (first node repeated at the end), or null. */
function findCycle(graph: Graph): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the web import graph', () => {
  const { graph, unresolved } = fileGraph();

  it('reads every relative import, lazy pages included', () => {
    expect(unresolved).toEqual([]);
    expect(graph.get('router.tsx')).toContain('member/exchange/ExchangePage.tsx');
    expect(graph.get('member/exchange/ExchangeCard.tsx')).toContain('lib/format.ts');
  });

  it('finds a cycle where there is one', () => {
    const planted: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(findCycle(planted)).toEqual(['a', 'b', 'c', 'a']);
    planted.set('c', new Set());
    expect(findCycle(planted)).toBeNull();
  });

  it('has components/ and lib/ import no feature folder', () => {
    const reaches = [...graph].flatMap(([file, imports]) =>
      SHARED.has(folderOf(file))
        ? [...imports].filter((t) => !SHARED.has(folderOf(t))).map((t) => `${file} imports ${t}`)
        : [],
    );
    expect(reaches).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    expect(findCycle(folderGraph(graph))).toBeNull();
  });

  it('has no import cycle between files', () => {
    expect(findCycle(graph)).toBeNull();
  });
});
