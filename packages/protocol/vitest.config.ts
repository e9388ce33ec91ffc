import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts'];
// pure.test.ts reloads modules with zod mocked away: a worker of its own, so no other file sees that.
const isolated = ['src/pure.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      // The other files keep the modules a worker imported (zod, the schemas): a fresh worker per
      // file took half of these tests' CPU.
      { extends: true, test: { name: 'shared', include, exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
