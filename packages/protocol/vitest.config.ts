import { defineConfig } from 'vitest/config';
import { keepImportsExcept } from '../../vitest.projects.mjs';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // pure.test.ts reloads modules with zod mocked away.
    projects: keepImportsExcept({ include: ['src/**/*.test.ts'], isolated: ['src/pure.test.ts'] }),
  },
});
