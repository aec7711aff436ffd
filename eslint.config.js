// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', '.wrangler/', 'node_modules/', 'bench-results/', 'test-results/', 'playwright-report/', 'worker-configuration.d.ts']),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // Numbers in template literals read naturally (`${count} files`); everything else still has to be a string.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is idiomatic React; void values are still flagged everywhere else.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Contradicts strict's no-non-null-assertion (it asks for `x!` where `x as T` narrows); that rule wins.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
      // `interface Env extends WorkerSecrets {}` is how a declaration merges into a global interface.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // `_`-prefixed names mark deliberately unused parameters and destructured leftovers.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },

  // React: hooks rules (classic rules-of-hooks and exhaustive-deps plus the React Compiler rules) and accessibility.
  {
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.tsx'],
    rules: {
      // Tailwind's preflight sets `list-style: none`, and Safari/VoiceOver then drops list semantics unless the role is explicit.
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'], li: ['listitem'] }],
    },
  },

  // Globals per runtime. Type-aware TS files get their globals from the tsconfig `lib`/`types`; these matter for plain JS.
  {
    files: ['src/client/**', 'tests/client/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/worker/**', 'tests/worker/**'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['scripts/**', 'dev/**', 'tests/e2e/**', '*.config.{js,ts}', 'vitest.*.ts'],
    languageOptions: { globals: globals.node },
  },

  // The fake Discord and its test speak Discord's wire format.
  {
    files: ['dev/fake-discord/**', 'tests/worker/fake-discord.test.ts'],
    rules: {
      // discord-api-types' enums are CommonJS values that come out undefined in workerd (dev/fake-discord/permissions.ts): only wire numbers work.
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      // Same reason: payload fields are compared with Discord's wire numbers.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // The fake sends every field Discord still sends (`color`, `region`), deprecated or not.
      '@typescript-eslint/no-deprecated': 'off',
    },
  },

  // Plain JS files (this config) are in no tsconfig: lint them without type information.
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // Last: turn off every rule that would fight Prettier.
  prettier,
);
