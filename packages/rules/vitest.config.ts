import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts'];
// Files that change what every later file would see through shared modules (a family registered
// into the registry): each gets a fresh worker of its own.
const isolated = ['src/families/registry.test.ts'];

export default defineConfig({
  test: {
    // Property tests are CPU-bound: on a busy two-core machine 5 s is not a fair limit.
    testTimeout: 60_000,
    projects: [
      // The other files keep the modules a worker imported (zod, every family): a fresh worker per
      // file, importing them again, was 40 % of these tests' CPU (19.2 CPU-s, now 11.3).
      { extends: true, test: { name: 'shared', include, exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
