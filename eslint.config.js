// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Patterns that share a reason form one group, so an import that several of them match is reported once.
 * @param {Record<string, string>} forbid
 * @returns {[string, string[]][]}
 */
function groupedByReason(forbid) {
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  for (const [pattern, message] of Object.entries(forbid)) groups.set(message, [...(groups.get(message) ?? []), pattern]);
  return [...groups];
}

/**
 * One `no-restricted-imports` block per layer: `forbid` maps an import pattern (gitignore syntax, matched against the
 * import's path as written) to why it runs the wrong way (upward, or across to another feature).
 * @param {{ files: string[]; ignores?: string[]; forbid: Record<string, string> }[]} layers
 */
function importBoundaries(layers) {
  return layers.map(({ files, ignores, forbid }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: groupedByReason(forbid).map(([message, group]) => ({ group, message: `Forbidden import: ${message}.` })) },
      ],
    },
  }));
}

/** The client's features (src/client/features/<name>/): each is a room of its own. */
const features = readdirSync(new URL('src/client/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What a feature may not import: another feature, as written from its own folder (`../<b>/…`), from one folder
 * deeper (`../../<b>/…`) or through the features folder. No folder of src/client is named like a feature.
 * @param {string} feature
 */
function otherFeatures(feature) {
  /** @type {Record<string, string>} */
  const forbid = {};
  for (const other of features.filter((name) => name !== feature)) {
    const message = `one feature does not import another (${feature} → ${other}): what both need moves to session/, hooks/, ui/ or src/shared, or a page composes them`;
    for (const pattern of [`../${other}`, `../${other}/**`, `../../${other}/**`, `**/features/${other}/**`]) forbid[pattern] = message;
  }
  return forbid;
}

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

  // What a module makes when it loads runs between the page's first paint and its hydration: an Intl formatter (the
  // first loads the ICU data) or a regular expression of Unicode properties of strings costs tens of milliseconds on a
  // phone-class CPU. Make it on first use (src/shared/first-use.ts).
  {
    files: ['src/client/**', 'src/shared/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Program >', 'Program > ExportNamedDeclaration >'].flatMap((at) => [
          {
            selector: `${at} VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']`,
            message: 'An Intl formatter made when the module loads holds back hydration: make it on first use (firstUse).',
          },
          {
            selector: `${at} VariableDeclaration > VariableDeclarator > NewExpression[callee.name='RegExp'][arguments.1.value=/v/]`,
            message: 'A v-flag regular expression made when the module loads holds back hydration: make it on first use (firstUse).',
          },
          ...['VariableDeclarator > Literal', 'VariableDeclarator > ArrayExpression > ArrayExpression > Literal'].map((literal) => ({
            selector: `${at} VariableDeclaration > ${literal}[regex.pattern=/\\\\p\\{/]`,
            message: 'A pattern of Unicode properties made when the module loads holds back hydration: make it on first use (firstUse).',
          })),
        ]),
      ],
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
    files: ['scripts/**', 'vite-plugins/**', 'dev/**', 'tests/e2e/**', '*.config.{js,ts}', 'vitest.*.ts'],
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

  // The import graph runs downward only and no feature imports another (docs/architecture.md); `import type` counts
  // too. A later block for the same files replaces an earlier one's options, so each block lists everything its
  // files may not import.
  ...importBoundaries([
    {
      files: ['src/shared/**'],
      forbid: {
        '**/client/**': 'src/shared is imported by both sides and imports neither',
        '**/worker/**': 'src/shared is imported by both sides and imports neither',
      },
    },
    { files: ['src/client/**'], forbid: { '**/worker/**': 'the client never imports the Worker (its API types come through src/shared/api-schema.ts)' } },
    {
      files: ['src/client/ui/**'],
      forbid: {
        '**/worker/**': 'the client never imports the Worker',
        '**/features/**': 'the UI kit is used by every feature and knows none',
        '**/pages/**': 'the UI kit knows no page',
        '**/layout/**': 'the UI kit knows no page layout',
      },
    },
    ...features.map((feature) => ({
      files: [`src/client/features/${feature}/**`],
      forbid: {
        '**/worker/**': 'the client never imports the Worker',
        '**/pages/**': 'pages use features, not the other way',
        '**/layout/**': 'the page layout composes features, not the other way',
        ...otherFeatures(feature),
      },
    })),
    {
      files: ['src/client/session/**', 'src/client/hooks/**'],
      forbid: {
        '**/worker/**': 'the client never imports the Worker',
        '**/features/**': 'the session and the hooks are used by features and know none',
        '**/pages/**': 'the session and the hooks know no page',
        '**/layout/**': 'the session and the hooks know no page layout',
      },
    },
    {
      files: ['src/worker/**'],
      ignores: ['src/worker/api-app.ts', 'src/worker/index.ts'],
      forbid: { '**/routes/**': 'nothing imports a route but api-app.ts' },
    },
    {
      files: ['src/worker/render/**'],
      forbid: { '**/routes/**': 'nothing imports a route but api-app.ts' },
    },
    {
      files: ['src/worker/pages/**'],
      forbid: { '**/routes/**': 'nothing imports a route but api-app.ts', '**/render/**': 'a page loader does not import the SSR layer above it' },
    },
    {
      files: ['src/worker/services/**'],
      forbid: {
        '**/routes/**': 'nothing imports a route but api-app.ts',
        '**/render/**': 'services do not import the SSR layer above them',
        '**/pages/**': 'services do not import the page loaders above them',
      },
    },
    {
      files: ['src/worker/auth/**', 'src/worker/discord/**', 'src/worker/songs/**', 'src/worker/crypto/**', 'src/worker/live/**'],
      forbid: {
        '**/routes/**': 'nothing imports a route but api-app.ts',
        '**/render/**': 'a lower layer does not import the SSR layer',
        '**/pages/**': 'a lower layer does not import the page loaders',
        '**/services/**': 'a lower layer does not import the services above it',
      },
    },
    {
      files: ['src/worker/db/**'],
      forbid: {
        '**/routes/**': 'nothing imports a route but api-app.ts',
        '**/render/**': 'db/ holds SQL only',
        '**/services/**': 'db/ holds SQL only',
        '**/auth/**': 'db/ holds SQL only',
        '**/discord/**': 'db/ holds SQL only',
        '**/songs/**': 'db/ holds SQL only',
      },
    },
  ]),

  // Plain JS files (this config) are in no tsconfig: lint them without type information.
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // Last: turn off every rule that would fight Prettier.
  prettier,
);
