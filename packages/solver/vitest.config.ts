import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Property tests are CPU-bound: on a busy two-core machine 5 s is not a fair limit.
    testTimeout: 60_000,
    // No file changes what another sees through shared modules: a worker keeps its imports from
    // file to file (a fresh one per file cost 1.5 CPU-s of 13).
    isolate: false,
  },
});
