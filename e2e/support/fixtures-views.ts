/**
 * Issue 28: Pelican Legal, whose administrator shares a saved view with its user and reads the charts, and Gannet
 * Legal, another firm that must never see Pelican's views. Pelican's jobs and invoices sit at known months (in
 * Australia/Sydney, the users' zone) so the charts' tables have known numbers:
 *
 *  - this month: jobs PL-A (Print) and PL-B (Scan); invoices $100.50 (PL-A, the Print job), $20.25 (PL-B, the Scan job);
 *  - last month: one job PL-A (Scan), invoice $1,000.00 (PL-A, that job);
 *  - 13 months ago: an invoice of $999.00 (PL-A), outside the charts' 12 months.
 *
 * Gannet's one job and its invoice (last month) name a matter too long for a chart's label (GANNET_LONG_MATTER),
 * for e2e/reports-period.spec.ts.
 */
import { fromZonedTime } from 'date-fns-tz';
import type { Db } from '@/db/client';
import { clientBranchAddresses, clients } from '@/db/schema';
import { config } from '@/lib/config';
import { makeInvoice, makeJob, makeUser } from '@/test/factories';

export const PELICAN_ZONE = 'Australia/Sydney';

/** 'YYYY-MM' of the month `back` months before the current one in Sydney. */
export function sydneyMonth(back: number, at = new Date()): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: PELICAN_ZONE, year: 'numeric', month: '2-digit' })
    .format(at)
    .split('-')
    .map(Number);
  const d = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A matter reference as long as a firm's own: a chart must show it cut, with the whole of it in reach. */
export const GANNET_LONG_MATTER =
  'GN-2026-0042 Estate of the late Bartholomew Fitzwilliam-Montgomery v Commonwealth Bank of Australia (appeal)';

export async function viewsAndReportsFixtures(db: Db): Promise<void> {
  const password = config().DEMO_PASSWORD;
  const [pl] = await db.insert(clients).values({ name: 'Pelican Legal', accountNumber: 'PL7007' }).returning();
  const [gn] = await db.insert(clients).values({ name: 'Gannet Legal', accountNumber: 'GN8008' }).returning();
  if (!pl || !gn) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values([
    { clientId: pl.id, label: 'Head office', address: '7 Pelican Parade, Sydney NSW 2000', isDefault: true },
    { clientId: gn.id, label: 'Head office', address: '8 Gannet Grove, Sydney NSW 2000', isDefault: true },
  ]);
  await makeUser(
    {
      userName: 'e2e.pl.admin',
      role: 4,
      firstName: 'Pelican',
      lastName: 'Admin',
      clientId: pl.id,
      email: 'e2e.pl.admin@example.com',
      password,
    },
    db,
  );
  await makeUser(
    {
      userName: 'e2e.pl.user',
      role: 3,
      firstName: 'Pelican',
      lastName: 'Clerk',
      clientId: pl.id,
      email: 'e2e.pl.user@example.com',
      password,
    },
    db,
  );
  await makeUser(
    {
      userName: 'e2e.gn.admin',
      role: 4,
      firstName: 'Gannet',
      lastName: 'Admin',
      clientId: gn.id,
      email: 'e2e.gn.admin@example.com',
      password,
    },
    db,
  );

  const thisMonth = sydneyMonth(0);
  const lastMonth = sydneyMonth(1);
  const at = (month: string, day: string) => fromZonedTime(`${month}-${day}T00:30:00`, PELICAN_ZONE);
  const print = await makeJob(
    {
      clientId: pl.id,
      orderType: 5,
      matterReference: 'PL-A',
      description: 'Print the bundle',
      createdAt: at(thisMonth, '01'),
    },
    db,
  );
  const scan = await makeJob(
    {
      clientId: pl.id,
      orderType: 6,
      matterReference: 'PL-B',
      description: 'Scan the files',
      createdAt: at(thisMonth, '01'),
    },
    db,
  );
  const older = await makeJob(
    {
      clientId: pl.id,
      orderType: 6,
      matterReference: 'PL-A',
      description: 'Scan the archive',
      createdAt: at(lastMonth, '15'),
    },
    db,
  );
  const line = (amount: string) => [{ extStockId: 'X', quantity: '1', unitPrice: amount }];
  await makeInvoice(
    {
      clientId: pl.id,
      jobId: print.id,
      jmsNumber: print.jmsNumber,
      matterReference: 'PL-A',
      issueDate: `${thisMonth}-01`,
      lines: line('100.50'),
    },
    db,
  );
  await makeInvoice(
    {
      clientId: pl.id,
      jobId: scan.id,
      jmsNumber: scan.jmsNumber,
      matterReference: 'PL-B',
      issueDate: `${thisMonth}-01`,
      lines: line('20.25'),
    },
    db,
  );
  await makeInvoice(
    {
      clientId: pl.id,
      jobId: older.id,
      jmsNumber: older.jmsNumber,
      matterReference: 'PL-A',
      issueDate: `${lastMonth}-15`,
      lines: line('1000.00'),
    },
    db,
  );
  await makeInvoice(
    {
      clientId: pl.id,
      jobId: older.id,
      jmsNumber: older.jmsNumber,
      matterReference: 'PL-A',
      issueDate: `${sydneyMonth(13)}-15`,
      lines: line('999.00'),
    },
    db,
  );

  const gannetJob = await makeJob(
    {
      clientId: gn.id,
      orderType: 1,
      matterReference: GANNET_LONG_MATTER,
      description: 'Appeal book',
      createdAt: at(lastMonth, '10'),
    },
    db,
  );
  await makeInvoice(
    {
      clientId: gn.id,
      jobId: gannetJob.id,
      jmsNumber: gannetJob.jmsNumber,
      matterReference: GANNET_LONG_MATTER,
      issueDate: `${lastMonth}-12`,
      lines: line('450.00'),
    },
    db,
  );
}
