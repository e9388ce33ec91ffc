// How the server and its benchmarks are bundled for Node, said once: workspace packages (@mm/*)
// ship as TypeScript source, so they are bundled in; every other package stays external and is
// resolved from this package's node_modules (bundles are therefore written inside the package).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mm/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * esbuild with the server's settings; `options` adds entry points and output paths. Each file is
 * written beside its place and renamed into it: tests and benchmarks rebuild the bundle (bench:load
 * does) while other test files start dist/main.js, which must never be read half-written.
 */
export async function bundleForNode(options) {
  const result = await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalPackages],
    ...options,
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return result;
}

/** Runs a Node script of this package, with this script's own arguments after `extra` ('--' dropped). */
export function runNode(script, extra = []) {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  return spawnSync(process.execPath, [script, ...extra, ...args], { stdio: 'inherit' }).status ?? 1;
}

/** Runs a build step (another script of this package); stops here if it fails. */
export function step(script) {
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
