import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * The layers of lib/, bottom to top (docs/architecture.md). A folder imports only folders of the tiers below its
 * own, never a sibling of its tier nor anything above, so the folder graph stays acyclic and a rule written low
 * never reaches up for a caller. Tests (*.test.ts) may import anything. A new lib/ folder goes into a tier here.
 */
const LIB_TIERS = [
  // The floor: the top-level helpers (lib/*.ts: clock, config, log, messages, reference, validation…), then lib/core.
  ['core'],
  // Domains, each above the ones it uses.
  ['lists', 'help', 'mail'],
  ['audit', 'security'],
  ['auth'],
  ['documents', 'settings', 'shell', 'notices', 'notify', 'errors'],
  ['jobs', 'users'],
  ['ops', 'invoices', 'clients', 'staff'],
  ['integration', 'legacy', 'overview', 'reports', 'matters'],
  // The edge: the door (lib/http), the OpenAPI builders, the browser helpers.
  ['webhooks', 'http'],
  ['openapi', 'client-side'],
  // The composition root.
  ['server'],
];
const LAYER_RULE = 'Layers of lib/ (eslint.config.mjs, LIB_TIERS)';
const libZones = [
  ...LIB_TIERS.flatMap((tier, i) =>
    tier.map((folder) => ({
      target: `./lib/${folder}`,
      from: [...tier.filter((f) => f !== folder), ...LIB_TIERS.slice(i + 1).flat()].map((f) => `./lib/${f}`),
      message: `${LAYER_RULE}: lib/${folder} imports only the tiers below it, never a sibling or a folder above.`,
    })),
  ),
  {
    target: './lib/*.{ts,tsx}',
    from: LIB_TIERS.flat().map((f) => `./lib/${f}`),
    message: `${LAYER_RULE}: the top-level helpers lib/*.ts are the floor and import no lib/ folder.`,
  },
  {
    target: './lib',
    from: './app',
    message: `${LAYER_RULE}: lib/ never imports app/ (app/ is the adapters over lib/).`,
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      'data/**',
      'db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '**/next-env.d.ts',
      'bench/out/**',
    ],
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
    // Layers inside lib/ (LIB_TIERS above); tests may import anything.
    files: ['lib/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import/no-restricted-paths': ['error', { zones: libZones }] },
  },
  {
    // Layers: routes and components never reach the database directly; they go through lib/.
    files: ['app/**', 'components/**', 'proxy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/db', '@/db/*', '../db/*', '../../db/*', '../../../db/*'],
              message: 'app/ and components/ go through lib/ services, never db/ directly.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/*'],
              message: 'No SQL outside db/ and lib/.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
