import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryZones, RENDERING_ALLOWED, SERVER_SRC } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['apps/web/public/widget.js', '**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web knows the server only by its API's type (`App`, for the typed client): no server code in the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/src/**', '@atende/server', '@atende/server/**'], allowTypeImports: true, message: 'The web imports only types from the server (import type { App }).' }] },
      ],
    },
  },
  // Module boundaries (eslint.boundaries.js; docs/architecture.md, 'Boundaries'): which folder may import which, and no import cycles.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SERVER_SRC}/**/*.ts`],
    ignores: RENDERING_ALLOWED,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/errors'], message: 'Only http/ renders errors: throw AppError (lib/errors.ts) instead.' }] },
      ],
    },
  },
);
