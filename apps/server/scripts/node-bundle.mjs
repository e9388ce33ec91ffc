// How the server and its benchmarks are bundled for Node, said once: everything is bundled in, the
// workspace packages (@mm/*, TypeScript source) and the npm packages alike, but for the few that
// must stay files of their own (below), resolved from this package's node_modules (bundles are
// therefore written inside the package). A server started from one file spends no time finding
// and reading a thousand modules: with the npm packages external, loading them was half of a
// start's CPU (2.8 → 2.0 CPU-s per start and stop, ready 0.5 s sooner; docs/performance.md).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What stays external: packages that read files beside their own at run time, or native ones. */
const KEPT_EXTERNAL = [
  // PostgreSQL in WebAssembly: its .wasm and .data files are read beside its module
  /^@electric-sql\/pglite(\/|$)/,
  // Prisma's query compiler as a 10 MB base64 string: one file, cheap to load, slow to bundle
  /^@prisma\/client\/runtime\/.*wasm-base64/,
  // native and optional: pg's libpq binding, ws's accelerators; esbuild (solver-pool.ts's fallback from source)
  /^(pg-native|bufferutil|utf-8-validate|esbuild)(\/|$)/,
];

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      KEPT_EXTERNAL.some((re) => re.test(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

// CommonJS packages bundled into an ES module still call require() (for Node's own modules).
const REQUIRE =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * esbuild with the server's settings; `options` adds entry points and output paths. Each file is
 * written beside its place and renamed into it: a bundle rebuilt (`bench:load`, a build by hand)
 * while tests start dist/main.js is never read half-written.
 */
export async function bundleForNode(options) {
  const result = await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalPackages],
    banner: { js: REQUIRE },
    ...options,
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return result;
}

/** Runs a Node script of this package, with this script's own arguments after `extra` ('--' dropped). */
export function runNode(script, extra = []) {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  return spawnSync(process.execPath, [script, ...extra, ...args], { stdio: 'inherit' }).status ?? 1;
}

/** Runs a build step (another script of this package); stops here if it fails. */
export function step(script) {
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
