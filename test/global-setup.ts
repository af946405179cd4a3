/**
 * Vitest global setup: builds the migrated database templates once, before any test file starts (test/db-template.ts),
 * so parallel workers copy them instead of racing to build them.
 */
import { ensurePostgresTemplate, pgliteTemplate } from './db-template';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePostgresTemplate(url);
}
