// `bench:load`: builds the server (dist/main.js) and the load generator, then runs the
// generator, which starts the built server (and the bare relay) in child processes of their own.
// `--generator-only` builds the generator and the relay only, and runs nothing: for its test, which
// starts the dist/main.js that `npm test` built before the tests, like every other test's server.
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
