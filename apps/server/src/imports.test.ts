import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// How the server's parts depend on each other, read from the import lines of its source (not
// its tests). A part is a folder of src/ (rooms, socket, …) or a file at its top (app.ts, errors.ts).

const SRC = dirname(fileURLToPath(import.meta.url));
/** Prisma's generated client: imported, never read. */
const GENERATED = 'generated';
/** The documented layers: the one list of allowed edges, shown in the architecture doc. */
const ARCHITECTURE = resolve(SRC, '../../../docs/architecture.md');
const LAYERS_MARK = '<!-- server-layers:';

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

/**
 * The allowed edges as docs/architecture.md lists them: the first fenced block after the
 * server-layers mark, one `part → other, other` line per part (nothing after the arrow: a leaf).
 */
function documentedLayers(doc: string): Map<string, Set<string>> {
  const at = doc.indexOf(LAYERS_MARK);
  if (at < 0) throw new Error(`no ${LAYERS_MARK} mark in docs/architecture.md`);
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(doc.slice(at));
  if (!block) throw new Error('no fenced block after the server-layers mark');
  const layers = new Map<string, Set<string>>();
  for (const line of block[1]!.split('\n')) {
    if (line.trim() === '') continue;
    const m = /^(\S+)\s+→\s*(.*)$/.exec(line.trim());
    if (!m) throw new Error(`not a "part → parts" line: ${line}`);
    const to = m[2]!.split(',').map((p) => p.trim());
    layers.set(m[1]!, new Set(to.filter((p) => p !== '')));
  }
  return layers;
}

/** Edges of `actual` that `allowed` lacks, and edges of `allowed` that `actual` lacks, as "a → b". */
function edgeDifference(
  actual: ReadonlyMap<string, ReadonlySet<string>>,
  allowed: ReadonlyMap<string, ReadonlySet<string>>,
): { undocumented: string[]; unused: string[] } {
  const edges = (g: ReadonlyMap<string, ReadonlySet<string>>): Set<string> =>
    new Set([...g].flatMap(([from, tos]) => [...tos].map((to) => `${from} → ${to}`)));
  const [have, may] = [edges(actual), edges(allowed)];
  return {
    undocumented: [...have].filter((e) => !may.has(e)).sort(),
    unused: [...may].filter((e) => !have.has(e)).sort(),
  };
}

/** The workspace's packages (`packages/rules`, `apps/server`, …) → the workspace packages each depends on. */
function packageGraph(): Map<string, Set<string>> {
  const root = resolve(SRC, '../../..');
  const dirs = ['packages', 'apps'].flatMap((top) =>
    readdirSync(join(root, top), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${top}/${d.name}`),
  );
  type Manifest = { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const manifests = new Map(
    dirs.map((dir) => [dir, JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest]),
  );
  const dirOf = new Map([...manifests].map(([dir, m]) => [m.name, dir]));
  return new Map(
    [...manifests].map(([dir, m]) => [
      dir,
      new Set(Object.keys({ ...m.dependencies, ...m.devDependencies }).flatMap((dep) => dirOf.get(dep) ?? [])),
    ]),
  );
}

/** The package table of docs/architecture.md: each row's module and the modules its second cell names. */
function documentedPackages(doc: string): Map<string, Set<string>> {
  const rows = [...doc.matchAll(/^\| `((?:packages|apps)\/[\w-]+)` +\| ([^|]*)\|$/gm)];
  return new Map(rows.map((r) => [r[1]!, new Set([...r[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!))]));
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
    expect(importsOf('rooms')).toContain('bots');
    expect(importsOf('db')).not.toContain('bots');
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

  it('finds an edge the doc does not list, and a listed edge nothing uses', () => {
    const doc = `${LAYERS_MARK} -->\n\n\`\`\`text\na → b\nb →\nc →\n\`\`\`\n`;
    const allowed = documentedLayers(doc);
    expect(allowed).toEqual(
      new Map([
        ['a', new Set(['b'])],
        ['b', new Set()],
        ['c', new Set()],
      ]),
    );
    const actual = new Map([
      ['a', new Set<string>()],
      ['b', new Set(['c'])],
    ]);
    expect(edgeDifference(actual, allowed)).toEqual({ undocumented: ['b → c'], unused: ['a → b'] });
  });

  it('imports exactly along the layers docs/architecture.md lists, and lists every part', () => {
    const allowed = documentedLayers(readFileSync(ARCHITECTURE, 'utf8'));
    expect(edgeDifference(graph, allowed)).toEqual({ undocumented: [], unused: [] });
    expect([...graph.keys()].filter((part) => !allowed.has(part) && part !== GENERATED).sort()).toEqual([]);
  });

  it('lists every package of the workspace with exactly the packages it depends on', () => {
    expect(documentedPackages(readFileSync(ARCHITECTURE, 'utf8'))).toEqual(packageGraph());
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
