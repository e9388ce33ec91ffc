// Bundles a TypeScript entry with esbuild and runs it with plain Node (Node 20 cannot
// strip types itself). Usage: node scripts/run-bench.mjs [--entry file.ts] [args for the entry…]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let entry = 'bench/solver-bench.ts';
const at = args.indexOf('--entry');
if (at >= 0) {
  entry = args[at + 1] ?? entry;
  args.splice(at, 2);
}
// pnpm passes a lone "--" through when called as `pnpm bench:solver -- --json`
if (args[0] === '--') args.shift();

const dir = mkdtempSync(join(tmpdir(), 'mm-solver-'));
const out = join(dir, 'entry.mjs');
try {
  await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const r = spawnSync(process.execPath, [out, ...args], { stdio: 'inherit', cwd: root });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
