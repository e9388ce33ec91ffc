// `bench`: bundles bench/actions.ts like the server itself and runs it (numbers printed, never a test).
import { rmSync } from 'node:fs';
import { bundleForNode, runNode } from './node-bundle.mjs';

const out = 'dist/bench.mjs';
try {
  await bundleForNode({ entryPoints: ['bench/actions.ts'], outfile: out });
  process.exitCode = runNode(out);
} finally {
  rmSync(out, { force: true });
  rmSync(`${out}.map`, { force: true });
}
