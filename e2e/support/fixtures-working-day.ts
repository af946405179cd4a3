/**
 * e2e/working-day.spec.ts: Wayfarer Legal, a firm of its own so that what its tests change (users deactivated and
 * reactivated, jobs amended and cancelled, a shared view) never moves another spec's counts.
 *  - e2e.day (role 3) orders the job staff put On Hold;
 *  - e2e.day.admin (role 4) amends, cancels, writes, shares and reads the firm's activity;
 *  - e2e.day.gone (role 3) is deactivated while signed in; e2e.day.back (role 3) starts deactivated, to reactivate;
 *  - 35 jobs whose matter holds "WD-CAP", more than a 'contains' filter's page counts ahead (the capped total);
 *  - matter WD-MAT-0001: a court copy naming the parties, moved Submitted → Started by staff, and a delivered job.
 */
import type { Db } from '@/db/client';
import { clientBranchAddresses, clients, jobStatusChanges, processingCities } from '@/db/schema';
import { config } from '@/lib/config';
import { SAMPLE_BLOCKS } from '@/scripts/seed/samples';
import { makeJob, makeUser } from '@/test/factories';

export const DAY_USERS = {
  user: 'e2e.day',
  admin: 'e2e.day.admin',
  gone: 'e2e.day.gone',
  back: 'e2e.day.back',
} as const;

export const DAY_MATTER = { reference: 'WD-MAT-0001', parties: 'Waverley Holdings Pty Ltd vs Tanner Mills Ltd' };
export const DAY_CAPPED = { matter: 'WD-CAP', jobs: 35 };

export async function workingDayFixtures(db: Db): Promise<void> {
  const [c] = await db.insert(clients).values({ name: 'Wayfarer Legal', accountNumber: 'WD4711' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values({
    clientId: c.id,
    label: 'Head office',
    address: '11 Wayfarer Street, Sydney NSW 2000',
    isDefault: true,
    extClientBranchId: 'WD4711-B1',
  });
  await db.insert(processingCities).values({ clientId: c.id, name: 'Sydney' });
  const password = config().DEMO_PASSWORD;
  const people = [
    [DAY_USERS.user, 3, 'Wade', 'Wayfarer', true],
    [DAY_USERS.admin, 4, 'Willa', 'Admin', true],
    [DAY_USERS.gone, 3, 'Gale', 'Going', true],
    [DAY_USERS.back, 3, 'Bo', 'Returning', false],
  ] as const;
  for (const [userName, role, firstName, lastName, active] of people)
    await makeUser(
      {
        userName,
        role,
        firstName,
        lastName,
        clientId: c.id,
        email: `${userName}@example.com`,
        password,
        isActive: active,
        deactivatedAt: active ? null : new Date(Date.now() - 7 * 86_400_000),
      },
      db,
    );

  const ready = new Date(Date.now() + 24 * 3_600_000);
  for (let i = 1; i <= DAY_CAPPED.jobs; i++)
    await makeJob(
      {
        clientId: c.id,
        matterReference: `${DAY_CAPPED.matter}-${String(i).padStart(2, '0')}`,
        readyAt: ready,
        dueAt: new Date(ready.getTime() + 4 * 3_600_000),
      },
      db,
    );

  const ordered = new Date(Date.now() - 3 * 86_400_000);
  const court = await makeJob(
    {
      clientId: c.id,
      orderType: 2,
      status: 2,
      numberOfCopies: 2,
      description: 'Court Copy – subpoenaed records',
      matterReference: DAY_MATTER.reference,
      instructionBlock: { ...SAMPLE_BLOCKS[2], MatterName: DAY_MATTER.parties },
      createdAt: ordered,
      readyAt: ordered,
      dueAt: new Date(ordered.getTime() + 4 * 3_600_000),
    },
    db,
  );
  await db.insert(jobStatusChanges).values({
    jobId: court.id,
    clientId: c.id,
    fromStatus: 12,
    toStatus: 2,
    changedByName: 'Oakley Operator',
    createdAt: new Date(ordered.getTime() + 3_600_000),
  });
  await makeJob(
    {
      clientId: c.id,
      status: 8,
      matterReference: DAY_MATTER.reference,
      createdAt: ordered,
      readyAt: ordered,
      dueAt: new Date(ordered.getTime() + 4 * 3_600_000),
      deliveredAt: new Date(ordered.getTime() + 2 * 3_600_000),
    },
    db,
  );
}
