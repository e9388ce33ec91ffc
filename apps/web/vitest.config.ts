import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // compiles runes in *.svelte.ts modules under test
  plugins: [svelte()],
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // busy two-core machines: unit tests that build a solver space need more than 5 s there
    testTimeout: 30_000,
  },
});
