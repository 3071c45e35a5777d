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
);
