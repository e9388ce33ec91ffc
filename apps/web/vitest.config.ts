import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const include = ['src/**/*.test.ts'];
// Files that change what every later file would see through shared modules (a test family in the
// client's registry, the language it switches to): each gets a fresh worker of its own.
const isolated = ['src/families/test-family/**/*.test.ts'];

export default defineConfig({
  // compiles runes in *.svelte.ts modules under test
  plugins: [svelte()],
  test: {
    environment: 'node',
    // busy two-core machines: unit tests that build a solver space need more than 5 s there
    testTimeout: 30_000,
    projects: [
      // The other files keep the modules a worker imported (Svelte, zod, the rules, the messages):
      // importing them afresh for every file was most of these tests' CPU.
      { extends: true, test: { name: 'shared', include, exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
