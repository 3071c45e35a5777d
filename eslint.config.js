import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction (ARCHITECTURE.md): shared imports nothing of ours; server and client import shared, never each other. */
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
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(['**/server/**', '**/client/**'], 'src/shared imports nothing of the server or client.'),
    },
  },
  {
    // One client feature never reaches into another's internals: only through the other feature's api/ hooks.
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/server/**', '../../*/components/**', '../../*/pages/**'],
        'Import another feature only through its api/ module, and never the server.',
      ),
    },
  },
  {
    // Small functions (issue 18): product code only; tests may hold long tables of cases.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}', '**/test-fixtures.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
);
