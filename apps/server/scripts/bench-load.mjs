// `bench:load`: builds the server (dist/main.js) and the load generator, then runs the
// generator, which starts the built server (and the bare relay) in child processes of their own.
// `--build-only` builds and runs nothing: its test builds once, then runs dist/bench-load.mjs twice.
import { bundleForNode, runNode, step } from './node-bundle.mjs';

step('scripts/prisma-generate.mjs');
step('scripts/build.mjs');
// Beside dist/main.js.
await bundleForNode({
  entryPoints: { 'bench-load': 'bench/load.ts', 'bench-relay': 'bench/relay.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
});
if (!process.argv.includes('--build-only')) process.exitCode = runNode('dist/bench-load.mjs');
