// Runs the pinned pnpm (see package.json "packageManager") through npx, so a
// fresh machine needs nothing but Node and npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const PNPM = pkg.packageManager; // e.g. "pnpm@12.4.2"

export function pnpm(args, opts = {}) {
  const r = spawnSync('npx', ['--yes', PNPM, ...args], { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) pnpm(process.argv.slice(2));
