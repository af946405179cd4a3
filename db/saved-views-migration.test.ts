/**
 * Migration 0018 moves each saved job list preference (user_preferences.job_preference) into its owner's
 * "Last used" view: a database migrated up to the migration before it gets a preference, then the rest of the
 * migrations run, and the preference reads back through the views.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '@/db/client';
import { savedViews, userPreferences } from '@/db/schema';
import { makeClientAtMigration, makeUserAtMigration } from '@/test/factories';

interface Journal {
  entries: { tag: string }[];
}

describe('migration 0018: saved preferences become views', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jms-migrations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'each saved job list preference is its owner’s "Last used" view; the column goes',
    { timeout: 180_000 },
    async () => {
      cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
      const journalPath = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
      const at = journal.entries.findIndex((e) => e.tag.startsWith('0018_'));
      expect(at).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

      const handle = openDatabase({ dataDir: 'memory://' });
      try {
        if (handle.raw.kind !== 'pglite') throw new Error('pglite expected');
        const { drizzle } = await import('drizzle-orm/pglite');
        const pg = drizzle(handle.raw.client);
        await migrate(pg, { migrationsFolder: dir });
        const client = await makeClientAtMigration(handle.db);
        const saver = await makeUserAtMigration({ clientId: client.id, role: 3 }, handle.db);
        const other = await makeUserAtMigration({ clientId: client.id, role: 3 }, handle.db);
        const model = {
          OrderBy: 6,
          OrderByDirection: 1,
          MatterRefFilter: 'HV-2024',
          JobStatusFilter: [8],
          PageSize: 50,
        };
        await handle.db.execute(
          sql`insert into user_preferences (user_id, page_size, job_preference) values (${saver.id}, 20, ${JSON.stringify(model)}::jsonb), (${other.id}, 15, null)`,
        );

        writeFileSync(journalPath, JSON.stringify(journal));
        await migrate(pg, { migrationsFolder: dir });

        const views = await handle.db.select().from(savedViews);
        expect(views).toHaveLength(1);
        expect(views[0]).toMatchObject({
          ownerId: saver.id,
          clientId: client.id,
          name: 'Last used',
          remembered: true,
          shared: false,
          state: model,
        });
        const prefs = await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, saver.id));
        expect(prefs[0]).toMatchObject({ pageSize: 20, defaultViewId: null });
        const cols = await handle.db.execute(
          sql`select column_name from information_schema.columns where table_name = 'user_preferences' and column_name = 'job_preference'`,
        );
        expect((cols as unknown as { rows: unknown[] }).rows).toHaveLength(0);
      } finally {
        await handle.close();
      }
    },
  );
});
