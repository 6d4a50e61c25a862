/**
 * The domains of functions/ depend on each other in one direction only: no import cycle between
 * two domains (ESLint keeps each import to a service.ts or the shared members and ledger modules;
 * this keeps the whole graph a hierarchy). See docs/architecture.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../functions');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

const domainOf = (file: string) => relative(ROOT, file).split('/')[0];

/** The domains a file imports: `#functions/<domain>/…`, `#core/…`, or a relative path that leaves its domain. */
const importedDomains = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'|import\('([^']+)'\)/g)].flatMap((m) => {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('#functions/')) return [spec.split('/')[1]];
    if (spec.startsWith('#core/')) return ['core'];
    if (spec.startsWith('.')) return [domainOf(resolve(dirname(file), spec))];
    return [];
  });

/** domain -> the other domains it imports. */
const domainGraph = (): Map<string, Set<string>> => {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(ROOT)) {
    const from = domainOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    for (const to of importedDomains(file)) if (to !== from) edges.add(to);
    graph.set(from, edges);
  }
  return graph;
};

/** Every cycle's path, found by depth-first search (each cycle reported from its first domain seen). */
const cyclesOf = (graph: Map<string, Set<string>>): string[][] => {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) {
      cycles.push([...path.slice(path.indexOf(node)), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
};

describe('domain dependencies', () => {
  it('finds a cycle where there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no import cycle between the domains of functions/', () => {
    const graph = domainGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cyclesOf(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('keeps core free of every domain', () => {
    expect([...(domainGraph().get('core') ?? [])]).toEqual([]);
  });
});
