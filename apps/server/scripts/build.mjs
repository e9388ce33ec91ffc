// Bundles the server into dist/main.js (see node-bundle.mjs for what is bundled in).
import { bundleForNode } from './node-bundle.mjs';

await bundleForNode({ entryPoints: ['src/main.ts'], outfile: 'dist/main.js', sourcemap: true });
// The bots' solver thread (src/bots/solver-pool.ts looks for it beside main.js).
await bundleForNode({ entryPoints: ['src/bots/solver-worker.ts'], outfile: 'dist/solver-worker.js', sourcemap: true });
