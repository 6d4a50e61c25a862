// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'web/dist/',
      'cdk.out/',
      'reports/',
      '.local-data/',
      'test-artifacts/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The shape of functions/ (docs/architecture.md): a domain reads and writes the table only in its
  // store (a file named store.ts) through core/db's client and `keys`, and uses another domain
  // only through that domain's service.ts, or the shared members and ledger modules.
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/**/store.ts', 'functions/core/db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@aws-sdk/lib-dynamodb',
              message: 'Only a store (store.ts) talks to DynamoDB.',
            },
            {
              name: '@aws-sdk/client-dynamodb',
              message: 'Only a store (store.ts) talks to DynamoDB.',
            },
            {
              name: '#core/db',
              importNames: ['db', 'keys'],
              message: 'Only a store builds keys and sends commands.',
            },
          ],
          patterns: [
            {
              regex: '^#functions/(?!ledger/|members/)[^/]+/(?!service$)',
              message: 'Use another domain through its service.ts (or the members and ledger modules).',
            },
            {
              regex: '^#functions/(ledger|members)/store',
              message: 'Use the members and ledger modules through their service.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^#functions/', message: 'core depends on no domain.' }] },
      ],
    },
  },
);
