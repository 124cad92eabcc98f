// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const fitgauge = require('./eslint/fitgauge-rules');

module.exports = tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { fitgauge },
    rules: {
      // Features, shared web code, Lambda domains and core: see eslint/fitgauge-rules.js for who may import whom.
      'fitgauge/import-boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test-support/**', 'tests/**'],
    rules: { 'fitgauge/jest-mock-before-import': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Pure product rules: no AWS, React or Node I/O, so both the Lambdas and the browser can import them.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@aws-sdk/*', 'aws-*', 'react', 'react-*', 'node:*', 'fs', 'path'] }],
    },
  },
);
