// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const fitgauge = require('./eslint/fitgauge-rules');

/** A string that starts with one of the app's routes (`/home`, `/auth/login`, `/pricing?x`...). */
const APP_ROUTE = String.raw`/^\/(home|auth|pricing|simulator)(\/|\?|$)/`;
const ROUTE_MESSAGE = 'Write app routes once, in web/src/config/paths.ts, and read them from `paths`.';

module.exports = tseslint.config(
  { ignores: ['node_modules', 'cdk.out*', 'web/dist', '.local', 'coverage', 'web/src/gql', 'lambdas/lib/gql'] },
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
    // Every link and redirect reads the route registry, so a route's path is written once.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/config/paths.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${APP_ROUTE}]`, message: ROUTE_MESSAGE },
        { selector: `TemplateElement[value.raw=${APP_ROUTE}]`, message: ROUTE_MESSAGE },
      ],
    },
  },
  {
    // The first pages (sign-in, simulator, Today, my scores, check-in, Analytics), the signed-in frame and the shared code have no Amplify
    // UI ThemeProvider: the theme is static CSS and the UI kit draws with Amplify UI's classes (docs/performance.md).
    // Without the provider each Amplify UI component rebuilds the whole theme on every render (about 30 ms); the kit's
    // pieces built on Amplify UI's primitives (components/ui/themed) serve only the pages under the router's
    // Amplify-themed layout (app/routes/amplify-themed.tsx), which builds it once. Elsewhere in web/src, the
    // import-boundaries rule leaves Amplify UI to the kit.
    files: [
      'web/src/{main.tsx,app/*.tsx,components/**/*.tsx,hooks/**/*.{ts,tsx},lib/**/*.{ts,tsx}}',
      'web/src/features/{auth,simulator,scores,check-in,system,team-analytics}/**/*.{ts,tsx}',
      'web/src/app/routes/home/{root,index,today,check-in,my-scores,account,team-analytics}.tsx',
      // What Today shows of the journal: the newest comments on the gamer's days, with their reply form.
      'web/src/features/journal/components/{coach-comments-card,comment-thread,comment-form}.tsx',
      // The frame's own parts (sidebar team icons, team selection, the director's purchase prompt, journal markers).
      'web/src/features/team-portals/components/{team-dashboards,team-selection-scope}.tsx',
      'web/src/features/billing/components/dashboard-payment-prompt.tsx',
      'web/src/features/journal/hooks/**/*.{ts,tsx}',
    ],
    ignores: ['web/src/components/ui/amplify-theme.tsx', 'web/src/components/ui/themed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@aws-amplify/ui-react',
              message:
                'Use the UI kit (web/src/components/ui: Button, Alert, TextField, PasswordField, CheckboxField, Loader...); Amplify UI components need <AmplifyTheme> around them, which the first pages do without.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@/components/ui/themed/*', '**/themed/primitives'],
              message:
                "The kit's Amplify UI pieces (components/ui/themed) need <AmplifyTheme> around them, which the first pages and the frame do without: use plain markup with the kit's classes here.",
            },
          ],
        },
      ],
    },
  },
  {
    // Pure product rules: no AWS, React or Node I/O, so both the Lambdas and the browser can import them.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@aws-sdk/*', 'aws-*', 'react', 'react-*', 'node:*', 'fs', 'path'] }],
    },
  },
);
