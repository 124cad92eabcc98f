/** @type {import('jest').Config} */
const shared = {
  rootDir: __dirname,
  transform: {
    '^.+\\.(t|j)sx?$': '<rootDir>/tests/support/esbuild-transform.js',
    // @react-email/render loads react-dom/server with import(), which jest's CommonJS cannot run: compiled to require().
    '/node_modules/@react-email/render/.+\\.cjs$': '<rootDir>/tests/support/esbuild-transform.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@react-email/render/)'],
  moduleNameMapper: {
    '^@core/(.*)$': '<rootDir>/core/$1',
    '^@/(.*)$': '<rootDir>/web/src/$1',
    // Components import their style sheets for Vite; tests render without them.
    '\\.css$': '<rootDir>/tests/support/style-stub.js',
  },
  testEnvironment: 'node',
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{core,lambdas,scripts,web/src,tests/unit}/**/*.test.{ts,tsx}'],
      // Component tests need a DOM (the web project); store tests need DynamoDB Local (the dynamodb project).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/web/src/.*\\.test\\.tsx$', '\\.dynamodb\\.test\\.ts$'],
    },
    {
      ...shared,
      displayName: 'web',
      testMatch: ['<rootDir>/web/src/**/*.test.tsx'],
      testEnvironment: '<rootDir>/tests/support/jsdom-environment.js',
      // Components import their stylesheets, which Vite bundles; jsdom renders without them.
      moduleNameMapper: { ...shared.moduleNameMapper, '\\.css$': '<rootDir>/tests/support/no-styles.js' },
      // TanStack Table ships ES modules only: compile it to CommonJS like our own code.
      transformIgnorePatterns: ['/node_modules/(?!@tanstack/|@react-email/render/)'],
      setupFiles: ['<rootDir>/tests/support/web-setup.ts'],
    },
    {
      // Tests of the DynamoDB stores and what they write, against DynamoDB Local alone (no stack).
      ...shared,
      displayName: 'dynamodb',
      testMatch: ['<rootDir>/lambdas/**/*.dynamodb.test.ts'],
      globalSetup: '<rootDir>/tests/support/dynamodb-setup.ts',
      globalTeardown: '<rootDir>/tests/support/dynamodb-teardown.ts',
    },
    {
      ...shared,
      displayName: 'infra',
      testMatch: ['<rootDir>/tests/infra/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/{integration,browser}/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
    },
  ],
};
