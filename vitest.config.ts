import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api/src/**/*.test.ts',
      'sdk/src/**/*.test.ts',
      'gds-surcharges/src/**/*.test.ts',
      'ndc-xml-tree/src/**/*.test.ts',
      'sandbox/src/**/*.test.ts',
      'console/src/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
