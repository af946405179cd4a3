import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The fault suite (test/faults/*.fault.ts): production portals (`npm start` of the build in .next) on fresh
 * PostgreSQL databases of TEST_DATABASE_URL's server (and one embedded database), driven over HTTP while faults are
 * made. Run by scripts/test.sh after the build; alone: `npx vitest run -c vitest.faults.config.ts`.
 *
 * Two groups: the backend cuts first and alone (its clean half asserts response times, which other cases' load
 * would disturb), then the other cases side by side, each on its own database and ports.
 */
const alias = { '@': path.resolve(import.meta.dirname) };
const common = { environment: 'node' as const, testTimeout: 300_000, hookTimeout: 180_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 4,
    projects: [
      {
        resolve: { alias },
        test: { ...common, name: 'faults-cuts', include: ['test/faults/cuts.fault.ts'], sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: {
          ...common,
          name: 'faults',
          include: ['test/faults/*.fault.ts'],
          exclude: ['test/faults/cuts.fault.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
