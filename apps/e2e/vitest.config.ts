import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A real browser against a real server: generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: a browser test mostly waits (on the server, the browser, timers).
    maxWorkers: 2,
    // Workers that keep their modules (playwright-core, the server's test support) and their Chromium
    // (support/browser.ts) from file to file: each file starts its own product and its phones in
    // contexts of their own, and shares nothing else.
    isolate: false,
  },
});
