import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { keepImportsExcept } from '../../vitest.projects.mjs';

export default defineConfig({
  // compiles runes in *.svelte.ts modules under test
  plugins: [svelte()],
  test: {
    environment: 'node',
    // busy two-core machines: unit tests that build a solver space need more than 5 s there
    testTimeout: 30_000,
    // The test family registers itself in the client's registry and switches its language.
    projects: keepImportsExcept({ include: ['src/**/*.test.ts'], isolated: ['src/families/test-family/**/*.test.ts'] }),
  },
});
