// `bench:load`: builds the server (dist/main.js) and the load generator, then runs the
// generator, which starts the built server (and the bare relay) in child processes of their own.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const run = (args) => {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(['scripts/prisma-generate.mjs']);
run(['scripts/build.mjs']);

// Beside dist/main.js, so that Node resolves the external packages from this package's node_modules.
await build({
  entryPoints: { 'bench-load': 'bench/load.ts', 'bench-relay': 'bench/relay.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
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
run(['dist/bench-load.mjs', ...args]);
