// Lint rules, including the zones that keep dependencies one way (DESIGN.md §1): domain, data and
// job code never see HTTP (nor Fastify), the worker never imports http/, migrations import no app
// code, the sandbox imports nothing from the API, the shared NDC XML tree imports neither, and the
// console reaches the API only through the SDK's public entries. import-x adds what a name pattern
// cannot see: resolved-path zones between the API's layers and between the console's features.
// Import cycles are checked by scripts/check-cycles.ts (madge), also part of `npm run lint`, since
// it sees type-only imports.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noHttp = [
  { group: ['fastify', '@fastify/*', 'fastify-*'], message: 'Domain, data and job code never sees Fastify.' },
  { regex: '(^|/)http(/|$)', message: 'Domain, data and job code (and the worker) never import http/.' },
];

// The API's layers, by resolved path (so `../../db/x.js` and a type-only import count alike): http
// and jobs call the domain; the domain calls db/ (all SQL) and providers/ (the airline port); db/
// and providers/ call nothing above them; Money and config sit on the ground floor (api/src/*.ts).
const apiZones = [
  {
    target: './api/src/db',
    from: ['./api/src/domain', './api/src/jobs', './api/src/http'],
    message: 'db/ holds SQL only; it never imports the domain, jobs or http.',
  },
  {
    target: './api/src/domain',
    from: ['./api/src/jobs', './api/src/http'],
    message: 'The domain never imports jobs/ or http/: it owns ports (JobProducer, Clock) that they implement.',
  },
  {
    target: './api/src/providers',
    from: ['./api/src/db', './api/src/http', './api/src/domain', './api/src/jobs'],
    message: 'Providers are the airline port and its adapters: they import only the ground floor (money.ts).',
  },
  {
    target: './api/src/outbound',
    from: ['./api/src/db', './api/src/http', './api/src/domain', './api/src/jobs', './api/src/providers'],
    message: 'outbound/ is the guard for user-given addresses: it imports only Node and undici.',
  },
];
const apiNotSdk = { target: './api', from: './sdk', message: 'The API never depends on its own client SDK.' };

// bulletproof-react's rule: a feature imports only itself and the shared folders, never another
// feature (what two features share moves out of features/); shared folders never import a feature.
const features = readdirSync(new URL('./console/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const consoleZones = [
  ...features.map((feature) => ({
    target: `./console/src/features/${feature}`,
    from: './console/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move what both need to a shared folder.',
  })),
  {
    target: ['./console/src/components', './console/src/hooks', './console/src/lib', './console/src/notifications'],
    from: './console/src/features',
    message: 'Shared folders never import a feature.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-extension/**', '**/generated/**', '**/node_modules/**', '.data/**'] },
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
    // The domain decides and never writes SQL: every statement lives in a db/ repository.
    files: ['api/src/domain/**/*.ts'],
    ignores: ['api/src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: noHttp,
          paths: [{ name: 'kysely', importNames: ['sql'], message: 'SQL lives in db/: call a repository.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)$/]',
          message: 'The domain never writes a query: SQL lives in a db/ repository.',
        },
      ],
    },
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
    files: ['ndc-xml-tree/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./|^@contrail/',
              message:
                'The NDC XML tree is shared by the API and the sandbox: it imports neither, nor any package of ours.',
            },
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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'api/tsconfig.json',
            'sdk/tsconfig.json',
            'console/tsconfig.json',
            'sandbox/tsconfig.json',
            'ndc-xml-tree/tsconfig.json',
            'tests/tsconfig.json',
          ],
        }),
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...apiZones, apiNotSdk] }] },
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: consoleZones }] },
  },
  {
    files: ['**/*.mjs', 'console/vite.config.ts', 'console/vite.extension.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
