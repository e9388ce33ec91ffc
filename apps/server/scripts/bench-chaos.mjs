// `bench:chaos`: builds the server (the run starts it as real processes), bundles bench/chaos.ts
// like the server itself and runs it. Prints numbers; never a CI gate.
import { rmSync } from 'node:fs';
import { bundleForNode, runNode, step } from './node-bundle.mjs';

step('scripts/build.mjs');
// Two levels down, like src/test-support/, so that its path to dist/main.js holds once bundled.
const out = 'dist/bench/chaos.mjs';
try {
  await bundleForNode({ entryPoints: ['bench/chaos.ts'], outfile: out });
  process.exitCode = runNode(out);
} finally {
  rmSync(out, { force: true });
}
