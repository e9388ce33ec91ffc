import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// How the server's parts depend on each other, read from the import lines of its source (not
// its tests). A part is a folder of src/ (rooms, socket, …) or a file at its top (app.ts, errors.ts).

const SRC = dirname(fileURLToPath(import.meta.url));
/** Prisma's generated client: imported, never read. */
const GENERATED = 'generated';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === GENERATED && dir === SRC ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The part of src/ a path is in: its first folder, or the file itself at the top. */
const partOf = (path: string): string =>
  relative(SRC, path)
    .split(sep)[0]!
    .replace(/\.(ts|js)$/, '');

/** The relative module specifiers of a file: static imports and re-exports, `import type` included, and `import()`. */
function relativeImports(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.map((m) => m[1]!);
}

/** part → the other parts it imports from */
function partGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = partOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
      const to = partOf(resolve(dirname(file), spec));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** One cycle of the graph as the path that closes it (a → b → a), or null when it has none. */
function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
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

describe('the server’s parts import each other one way', () => {
  const graph = partGraph();
  const importsOf = (part: string): string[] => [...(graph.get(part) ?? [])].sort();

  it('reads the import lines it checks (the transport imports the room service)', () => {
    expect(importsOf('socket')).toContain('rooms');
    expect(importsOf('duties')).toContain('rooms');
    expect(importsOf('db')).toContain('bots');
  });

  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', new Set(['b'])]]))).toBeNull();
  });

  it('has no import cycle between folders of src/', () => {
    expect(findCycle(graph)).toBeNull();
  });

  it('has no arrow back from the service to what drives it: transport → service → rules, never back', () => {
    // the room service knows neither its transports (socket, http, web, push) nor the duties that act through it
    const drivers = ['socket', 'http', 'web', 'push', 'duties', 'app'];
    expect(importsOf('rooms').filter((p) => drivers.includes(p))).toEqual([]);
    // how a bot plays is pure: it reads a view and asks the solver, it drives nothing
    expect(importsOf('bots')).toEqual([]);
    // the duties act through the service like a person's socket does, never through a transport
    expect(importsOf('duties').filter((p) => ['socket', 'http', 'web', 'push'].includes(p))).toEqual([]);
  });
});
