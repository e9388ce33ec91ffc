import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the generated Prisma client; regenerate it when the schema changed
// (a no-op taking ~0.1 s otherwise), so `npx vitest` works on a fresh clone too.
execFileSync(process.execPath, [fileURLToPath(new URL('./scripts/prisma-generate.mjs', import.meta.url))], { stdio: 'inherit' });

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/test-support/published-schemas.setup.ts'],
    // Real databases: a fresh PGlite folder alone takes seconds to initialise.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores; files that each start a PGlite or a server run better one at a time.
    fileParallelism: false,
  },
});
