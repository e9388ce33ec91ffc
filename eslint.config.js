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
      '**/.svelte-check/**',
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
    // The web app paints a room without zod: its modules import the schema-free entries
    // (`@mm/rules/pure`, a family's `@mm/rules/families/<id>/pure`, `@mm/protocol/pure`); the main
    // entries, which build every schema when loaded, only for types, or in the few modules that
    // really parse (listed below).
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.svelte'],
    ignores: [
      '**/*.test.ts',
      '**/*.test-support.ts',
      'apps/web/src/families/options.ts',
      'apps/web/src/lib/replay/replay.ts',
      'apps/web/src/lib/replay/verify.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@mm/rules', '@mm/protocol', 'zod'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'This loads zod and builds schemas: import values from @mm/rules/pure or @mm/protocol/pure.',
          })),
          patterns: [
            {
              // a family's main entry: its engine and schemas (its `/pure` entry is the one to use)
              regex: '^@mm/rules/families/[^/]+$',
              allowTypeImports: true,
              message: 'This loads zod and builds schemas: import values from @mm/rules/families/<id>/pure.',
            },
          ],
        },
      ],
      // `import { type X }` keeps a bare import of the module (verbatimModuleSyntax): it would load it all the same
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Shared code never names a family (a family is its two folders and a line in each registry):
    // only the family's own folders, the registries, tests and benches import its entries.
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.svelte', 'packages/*/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test-support.ts',
      '**/test-support/**',
      'packages/rules/src/**',
      'apps/server/src/test-family/**',
      'apps/web/src/families/index.ts',
      'apps/web/src/families/!(shared)/**',
      // the solver's decision for the `deals` duty, which only Master Mind 44 has (docs/adding-a-family.md)
      'packages/solver/src/bot.ts',
      'packages/solver/src/mm44.ts',
      'packages/solver/src/mm44-deals.ts',
      'packages/solver/src/strength.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mm/rules/families/*'],
              message: 'Shared code reads families through the registries: take this from the family (its folder), not by name.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
);
