import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A real browser against a real server: generous, and one file at a time on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // One worker that keeps its modules (playwright-core, the server's test support) for every file:
    // each file starts its own product and browser, and shares nothing else through modules.
    isolate: false,
  },
});
