// Bundles the server into dist/main.js (see node-bundle.mjs for what is bundled in).
import { bundleForNode } from './node-bundle.mjs';

await bundleForNode({ entryPoints: ['src/main.ts'], outfile: 'dist/main.js', sourcemap: true });
