import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { keepImportsExcept } from '../../vitest.projects.mjs';

// Tests import the generated Prisma client; regenerate it when the schema changed
// (a no-op taking ~0.1 s otherwise), so `npx vitest` works on a fresh clone too.
execFileSync(process.execPath, [fileURLToPath(new URL('./scripts/prisma-generate.mjs', import.meta.url))], { stdio: 'inherit' });

/**
 * Most of a server test's time is spent waiting (on timers, restarts, sockets, PostgreSQL): three
 * files at a time fill what fewer leave idle. `npm test` runs its other lanes beside them (load
 * average 3 to 6 on two cores): there, three at a time took this lane from 295 to 251 s (machine E,
 * docs/performance.md), and right after the install and the builds of a clean clone the one-minute
 * load average is already above the core count, so a bound at the core count ran CI one file at a
 * time (the lane then took 470 s, the longest of the run). On a heavily loaded machine (load average
 * 30 on two cores) three at a time timed out by the dozen: there, one at a time. Files share
 * nothing but the machine's Redis, which its users take in turns (test-support/shared-redis.ts).
 */
function filesAtOnce(): number {
  return loadavg()[0]! < 4 * availableParallelism() ? 3 : 1;
}

export default defineConfig({
  test: {
    setupFiles: ['src/test-support/published-schemas.setup.ts'],
    // Real databases: a fresh PGlite folder alone takes seconds to initialise.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: filesAtOnce(),
    // Files share nothing but the machine's Redis (taken in turns): each starts its own app on a
    // database of its own. A fresh worker per file re-imported Prisma, PGlite, Fastify, Socket.IO and
    // every schema each time, most of the suite's CPU. The test family registers itself in the rules.
    projects: keepImportsExcept({
      include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
      isolated: ['src/test-family/**/*.test.ts'],
    }),
  },
});
