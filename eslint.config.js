// One lint configuration for the whole workspace: TypeScript everywhere, Svelte in apps/web.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';

export default ts.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/src/generated/**',
      'packages/solver/src/generated/**',
      'test-output/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // {' · '} is how Svelte 5 keeps spaces at the edge of an element: not a useless mustache.
      'svelte/no-useless-mustaches': 'off',
    },
  },
  {
    // Tests read arbitrary JSON bodies and stored rows; production code keeps its boundaries typed.
    files: ['**/*.test.ts', '**/test-support/**', '**/*.test-support.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
);
