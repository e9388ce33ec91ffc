// Bundles bench/actions.ts like the server itself (packages stay external) and runs it.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

// Written inside the package so that Node resolves the external packages from its node_modules.
const out = 'dist/bench.mjs';
try {
  await build({
    entryPoints: ['bench/actions.ts'],
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
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@mm/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const r = spawnSync(process.execPath, [out, ...args], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { force: true });
  rmSync(`${out}.map`, { force: true });
}
