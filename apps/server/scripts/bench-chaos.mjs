// `bench:chaos`: builds the server (the run starts it as real processes), bundles bench/chaos.ts
// like the server itself (packages stay external) and runs it. Prints numbers; never a CI gate.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const server = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (server.status !== 0) process.exit(server.status ?? 1);
// Written inside the package so that Node resolves the external packages from its node_modules.
// Two levels down, like src/test-support/, so that its path to dist/main.js holds once bundled.
const out = 'dist/bench/chaos.mjs';
try {
  await build({
    entryPoints: ['bench/chaos.ts'],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mm/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const r = spawnSync(process.execPath, [out, ...args], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { force: true });
}
