import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The product of every file that sets no environment of its own (src/support/shared-product.ts).
    globalSetup: ['src/support/shared-product.ts'],
    // A real browser against a real server: generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: two at once (with the server's tests and the checks beside them) left the
    // product's process more than a minute to start on a heavily loaded two-core machine, and on a
    // quiet one made the whole run longer (machine E: 298 → 310 s, 41 more CPU-s, mostly Chromium's).
    fileParallelism: false,
    // One worker that keeps its modules (playwright-core, the server's test support) for every file:
    // each file starts its own product and browser, and shares nothing else through modules.
    isolate: false,
  },
});
