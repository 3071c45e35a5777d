import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import clientLayers from './lint-rules/client-layers.js';
import importCycles from './lint-rules/import-cycles.js';
import serverBorders from './lint-rules/server-borders.js';

/** The repository's own rules (lint-rules/), as one plugin. */
const local = { rules: { ...clientLayers.rules, ...serverBorders.rules, ...importCycles.rules } };

/**
 * Import direction (docs/architecture.md, decision 004): shared imports nothing of ours; server and client import shared,
 * never each other. Inside the client, lint-rules/client-layers.js keeps the layers.
 */
const noImport = (group, message) => ['error', { patterns: [{ group, message }] }];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'drizzle/', 'data/', '.test-data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': noImport(['**/server/**'], 'The client never imports server code; share it through src/shared.'),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(['**/client/**'], 'The server never imports client code; share it through src/shared.'),
    },
  },
  {
    // Server layers (architecture.md): the plugins, the session user and the database sit below the feature modules,
    // which build on them; a step the other way would make a cycle (modules import the plugins).
    files: ['src/server/plugins/**/*.ts', 'src/server/db/**/*.ts', 'src/server/session/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/client/**', '**/modules/**'],
        'Plugins, the session user and db/ never import a feature module (src/server/modules) nor client code.',
      ),
    },
  },
  {
    // One way to say no (decision 038): below the routes, modules answer refusals (refusals.ts), never HTTP errors.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server never imports client code; share it through src/shared.' },
            {
              group: ['**/http-errors.ts'],
              message:
                'Only routes (*.routes.ts) and plugins speak HTTP: answer an Outcome or throw Refused (refusals.ts) instead (decision 038).',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser specs take test and expect from e2e/fixtures.ts, whose test points each worker at its own app server.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures.ts': its test uses the worker's own app server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(['**/server/**', '**/client/**'], 'src/shared imports nothing of the server or client.'),
    },
  },
  {
    // Inside the client: app above features above ui/ and lib/; a feature reaches another only through its index.ts.
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/client-layers': 'error' },
  },
  {
    // Inside the server: each module and layer imports only what lint-rules/server-borders.js declares (decision 039).
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local },
    rules: { 'local/server-borders': 'error' },
  },
  {
    // No import cycles between files, client features or server modules (decision 039).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/import-cycles': 'error' },
  },
  {
    // Small functions (issue 18): product code only; tests may hold long tables of cases.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}', '**/test-fixtures.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
);
