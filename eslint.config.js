// Flat config for the whole workspace: type-checked rules plus the import boundaries of the architecture.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './scripts/eslint/no-feature-cycles.js';

/** Generated code is never imported by path: only through the hand-written index beside it. */
const noDeepGenerated = {
  group: ['**/*.gen', '**/*.gen.ts', '**/gen/*', '@assessment/sdk/src/*', '@assessment/*/src/*'],
  message: 'Import generated code through its package entry point, never by path.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-e2e-*/**',
      '**/*.gen.ts',
      'packages/sdk/src/gen/**',
      '**/storybook-static/**',
      '**/build/**',
      '**/.reports/**',
      '**/test-results/**',
      '.ci/tools/**',
      'openapi/dist/**',
      // Other generators' output, written by packages/portability's tests.
      '**/.generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-imports': ['error', { patterns: [noDeepGenerated] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The UI kit knows nothing of the SDK or the apps: data comes in through props and callbacks.
    files: ['packages/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepGenerated,
            {
              group: [
                '@assessment/sdk',
                '@assessment/sdk/*',
                '@assessment/portal',
                '@assessment/portal/*',
                '@assessment/mock',
                '@assessment/mock/*',
                '**/apps/**',
              ],
              message: 'packages/ui must not import the SDK or an app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SDK is imported by the apps, never the other way round. Its hand-written runtime is the one place
    // that imports the generated files beside it.
    files: ['packages/sdk/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@assessment/ui', '@assessment/ui/*', '**/apps/**'],
              message: 'The SDK must not import the UI kit or an app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features talk to each other only through a feature's public index (bulletproof-react), and never in a circle.
    files: ['apps/portal/src/features/**'],
    plugins: { features: featureBoundaries },
    rules: {
      'features/no-feature-cycles': [
        'error',
        { featuresDir: `${import.meta.dirname}/apps/portal/src/features` },
      ],
      'features/no-relative-feature-imports': [
        'error',
        { featuresDir: `${import.meta.dirname}/apps/portal/src/features` },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@assessment/ui/form',
              importNames: ['TextField', 'TextArea', 'NumberInput'],
              message: "Use @/components/form: the kit's field hints are English only.",
            },
          ],
          patterns: [
            noDeepGenerated,
            {
              regex: '^@/features/[^/]+/.+',
              message: 'Import another feature through its index (@/features/<name>), never its internals.',
            },
            { group: ['@/routes/*', '../../routes/*'], message: 'Features never import routes.' },
          ],
        },
      ],
    },
  },
  {
    // Routes and the app's shared code use a feature through its index too (tests may reach a piece directly).
    files: ['apps/portal/src/{routes,app,components,lib}/**'],
    ignores: ['**/*.{test,spec}.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepGenerated,
            {
              regex: '^@/features/[^/]+/.+',
              message: 'Import a feature through its index (@/features/<name>), never its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{test,spec}.{ts,tsx}', '**/tests/**', '**/e2e/**', '**/bench/**', '**/*.stories.tsx'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
);
