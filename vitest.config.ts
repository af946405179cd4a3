import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 *  - "unit+pglite": every *.test.ts; database tests (*.db.test.ts) run on PGlite.
 *  - "postgres": the database tests again on the real PostgreSQL of TEST_DATABASE_URL (when set), and the tests
 *    that need PostgreSQL itself (*.pg.test.ts, e.g. db:move into PostgreSQL), which only this project runs.
 * Each database test file gets a fresh database (see test/db.ts).
 */
const alias = { '@': path.resolve(import.meta.dirname) };
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'pglite',
          include: ['{lib,db,app,components,test,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.pg.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          env: { TEST_DB_ENGINE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(pg
        ? [
            {
              resolve: { alias },
              test: {
                name: 'postgres',
                include: ['{lib,db,app,components,test,scripts}/**/*.{db,pg}.test.{ts,tsx}'],
                environment: 'node',
                globalSetup: ['test/global-setup.ts'],
                env: { TEST_DB_ENGINE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
