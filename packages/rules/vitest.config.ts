import { defineConfig } from 'vitest/config';
import { keepImportsExcept } from '../../vitest.projects.mjs';

export default defineConfig({
  test: {
    // Property tests are CPU-bound: on a busy two-core machine 5 s is not a fair limit.
    testTimeout: 60_000,
    // A fresh worker per file cost 40 % of these tests' CPU (19.2 CPU-s, now 11.3). The plug-in
    // test registers a family of its own before the registry is first read: in a module graph of its own.
    projects: keepImportsExcept({ include: ['src/**/*.test.ts'], isolated: ['src/families/registry.plug-in.test.ts'] }),
  },
});
