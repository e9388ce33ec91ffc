// `bench:load`: builds the server (dist/main.js) and the load generator, then runs the
// generator, which starts the built server (and the bare relay) in child processes of their own.
// `--generator-only` builds the generator and the relay only, and runs nothing: its test runs beside
// tests that start dist/main.js, which `npm test` built once before them, so it must not write that
// file again (a test starting the server mid-write would read half a file); it then runs
// dist/bench-load.mjs twice.
import { bundleForNode, runNode, step } from './node-bundle.mjs';

const generatorOnly = process.argv.includes('--generator-only');
if (!generatorOnly) {
  step('scripts/prisma-generate.mjs');
  step('scripts/build.mjs');
}
// Beside dist/main.js.
await bundleForNode({
  entryPoints: { 'bench-load': 'bench/load.ts', 'bench-relay': 'bench/relay.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
});
if (!generatorOnly) process.exitCode = runNode('dist/bench-load.mjs');
