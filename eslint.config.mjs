import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', 'data/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'bench/out/**'],
  },
  {
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { maxDepth: 3, ignoreExternal: true }],
    },
  },
  {
    // Layers: routes and components never reach the database directly; they go through lib/.
    files: ['app/**', 'components/**', 'proxy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/db', '@/db/*', '../db/*', '../../db/*', '../../../db/*'], message: 'app/ and components/ go through lib/ services, never db/ directly.' },
            { group: ['drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/*'], message: 'No SQL outside db/ and lib/.' },
          ],
        },
      ],
    },
  },
];

export default config;
