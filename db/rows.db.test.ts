/**
 * The compiled row mapper (db/rows.ts) against Drizzle's own mapping, on both engines: the same prepared select
 * run with each must answer the same rows (keys, decoded values and their types), for every kind of field the
 * lists select: columns of the table and of a joined one, nullable timestamps, SQL with a decoder (`mapWith`),
 * SQL without one, an aliased SQL; a nested select keeps Drizzle's mapper.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, jobs } from '@/db/schema';
import { compileRowMapper, withCompiledRows } from '@/db/rows';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob } from '@/test/factories';

describe('compiled row mapper', () => {
  const t = useTestDatabase();

  it('answers the rows Drizzle maps, value for value and type for type', async () => {
    const db = t.db();
    const client = await makeClient({ name: 'Mapper & Co' });
    const delivered = new Date('2026-03-04T05:06:07.890Z');
    await makeJob({ clientId: client.id, matterReference: 'M-1', deliveredAt: delivered, status: 8 });
    await makeJob({ clientId: client.id, matterReference: 'M-2', deliveredAt: null });
    const select = () =>
      db
        .select({
          id: jobs.id,
          matterReference: jobs.matterReference,
          status: jobs.status,
          createdAt: jobs.createdAt,
          deliveredAt: jobs.deliveredAt,
          clientName: clients.name,
          isDelivered: sql<boolean>`${jobs.deliveredAt} is not null`,
          total: sql<number>`(select count(*) from ${jobs} where ${jobs.clientId} = ${client.id})`.mapWith(Number),
          rawCount: sql<string>`(select count(*) from ${jobs} where ${jobs.clientId} = ${client.id})`,
          twice: sql<number>`${jobs.status} * 2`.as('twice'),
        })
        .from(jobs)
        .innerJoin(clients, eq(clients.id, jobs.clientId))
        .where(eq(jobs.clientId, sql.placeholder('clientId')))
        .orderBy(jobs.id);

    const drizzles = await select().prepare('rows_test_drizzle').execute({ clientId: client.id });
    const prepared = withCompiledRows(select().prepare('rows_test_compiled'));
    // The mapper is in place (a Drizzle upgrade that renamed what it hooks into would leave Drizzle's mapping).
    expect(typeof (prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    const compiled = await prepared.execute({ clientId: client.id });

    expect(compiled).toEqual(drizzles);
    expect(compiled.map((r) => Object.keys(r))).toEqual(drizzles.map((r) => Object.keys(r)));
    const [first, second] = compiled;
    expect(first).toMatchObject({
      matterReference: 'M-1',
      status: 8,
      clientName: 'Mapper & Co',
      isDelivered: true,
      total: 2,
      twice: 16,
    });
    expect(first?.deliveredAt).toEqual(delivered);
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(second).toMatchObject({ matterReference: 'M-2', deliveredAt: null, isDelivered: false });
    // No decoder: the driver's value as it came (PostgreSQL's bigint count is a string), as Drizzle leaves it.
    expect(first?.rawCount).toBe(drizzles[0]?.rawCount);
  });

  it('leaves a nested select to Drizzle, which answers nested objects', async () => {
    const db = t.db();
    const client = await makeClient({ name: 'Nested Pty' });
    await makeJob({ clientId: client.id, matterReference: 'N-1' });
    const rows = await withCompiledRows(
      db
        .select({ id: jobs.id, client: { id: clients.id, name: clients.name } })
        .from(jobs)
        .innerJoin(clients, eq(clients.id, jobs.clientId))
        .where(eq(jobs.clientId, sql.placeholder('clientId')))
        .prepare('rows_test_nested'),
    ).execute({ clientId: client.id });
    expect(rows).toEqual([{ id: expect.any(Number), client: { id: client.id, name: 'Nested Pty' } }]);
    expect(compileRowMapper([{ path: ['client', 'id'], field: clients.id }])).toBeUndefined();
  });
});
