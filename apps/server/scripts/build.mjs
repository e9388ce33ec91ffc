// Bundles the server into dist/main.js. Workspace packages (@mm/*) ship as
// TypeScript source, so they are bundled in; every other package stays external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
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
