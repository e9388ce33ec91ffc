import { defineConfig } from 'vitest/config';

// Property tests are CPU-bound: on a busy two-core machine 5 s is not a fair limit.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
