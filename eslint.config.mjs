// Lint rules, including the zones that keep dependencies one way (DESIGN.md §1): domain, data and
// job code never see HTTP (nor Fastify), the worker never imports http/, migrations import no app
// code, the sandbox imports nothing from the API, and the console reaches the API only through
// the SDK's public entries.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noHttp = [
  { group: ['fastify', '@fastify/*', 'fastify-*'], message: 'Domain, data and job code never sees Fastify.' },
  { regex: '(^|/)http(/|$)', message: 'Domain, data and job code (and the worker) never import http/.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/generated/**', '**/node_modules/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: [
      'api/src/domain/**/*.ts',
      'api/src/db/**/*.ts',
      'api/src/jobs/**/*.ts',
      'api/src/mail/**/*.ts',
      'api/src/worker.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: noHttp }] },
  },
  {
    files: ['api/src/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'Migrations never import app code.' }] },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)api/|^@contrail/(api|sdk|console)', message: 'The sandbox imports nothing from the API.' },
          ],
        },
      ],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(sdk|api|sandbox)(/|$)',
              message: 'The console reaches the API only through the SDK, imported by its package name.',
            },
            {
              regex: '^@contrail/sdk/(?!react$|zod$)',
              message:
                'Import the SDK only from its public entries: @contrail/sdk, @contrail/sdk/react, @contrail/sdk/zod.',
            },
            { regex: '^@contrail/(api|sandbox)', message: 'The console reaches the API only through the SDK.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'console/vite.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
