// `bench:views`: bundles bench/views-cpu.ts like the server itself and runs it (CPU per row printed, never a test).
import { rmSync } from 'node:fs';
import { bundleForNode, runNode } from './node-bundle.mjs';

const out = 'dist/bench-views.mjs';
try {
  await bundleForNode({ entryPoints: ['bench/views-cpu.ts'], outfile: out });
  process.exitCode = runNode(out);
} finally {
  rmSync(out, { force: true });
  rmSync(`${out}.map`, { force: true });
}
