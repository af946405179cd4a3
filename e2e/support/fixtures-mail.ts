/**
 * e2e/mail-journeys.spec.ts: Wagtail Legal, whose users start with the default job alerts, as a client user created
 * in the portal does (lib/core/users.ts). e2e.mail.alert follows a job alert's link signed out, e2e.mail.orderer
 * orders a job and gets its confirmation, and e2e.mail.unsub stops every job alert from an alert's unsubscribe page.
 * Each job is its user's own and Submitted, so staff can move it to On Hold, one of the default alerts.
 * e2e/mail-links.spec.ts: e2e.mail.links follows every link of every kind to its job (MAIL_JOBS.links) and its
 * invoice (MAIL_INVOICE).
 */
import type { Db } from '@/db/client';
import { clientBranchAddresses, clients, processingCities, userJobAlerts } from '@/db/schema';
import { config } from '@/lib/config';
import { DEFAULT_JOB_ALERT_STATUSES } from '@/lib/reference';
import { makeInvoice, makeJob, makeUser } from '@/test/factories';

export const MAIL_USERS = {
  alert: 'e2e.mail.alert',
  orderer: 'e2e.mail.orderer',
  unsubscribe: 'e2e.mail.unsub',
  links: 'e2e.mail.links',
};

/** The JMS numbers of Wagtail Legal's Submitted jobs, and whose each is. */
export const MAIL_JOBS = {
  alert: '980101',
  unsubscribe: '980102',
  afterUnsubscribe: '980103',
  links: '980104',
} as const;

/** An invoice of Wagtail Legal, for the invoice links of the e-mails. */
export const MAIL_INVOICE = { invoiceNumber: 'INV-WG-980104', issueDate: '2026-03-02' } as const;

export async function mailFixtures(db: Db): Promise<void> {
  const [c] = await db.insert(clients).values({ name: 'Wagtail Legal', accountNumber: 'WG9009' }).returning();
  if (!c) throw new Error('client not created');
  await db.insert(clientBranchAddresses).values({
    clientId: c.id,
    label: 'Head office',
    address: '9 Wagtail Lane, Sydney NSW 2000',
    isDefault: true,
    extClientBranchId: 'WG9009-B1',
  });
  await db.insert(processingCities).values({ clientId: c.id, name: 'Sydney' });
  const ids = new Map<string, number>();
  for (const userName of Object.values(MAIL_USERS)) {
    const u = await makeUser(
      {
        userName,
        role: 3,
        firstName: 'Wren',
        lastName: 'Wagtail',
        clientId: c.id,
        email: `${userName}@example.com`,
        password: config().DEMO_PASSWORD,
      },
      db,
    );
    await db
      .insert(userJobAlerts)
      .values(DEFAULT_JOB_ALERT_STATUSES.map((jobStatusId) => ({ userId: u.id, jobStatusId })));
    ids.set(userName, u.id);
  }
  for (const [jmsNumber, userName] of [
    [MAIL_JOBS.alert, MAIL_USERS.alert],
    [MAIL_JOBS.unsubscribe, MAIL_USERS.unsubscribe],
    [MAIL_JOBS.afterUnsubscribe, MAIL_USERS.unsubscribe],
    [MAIL_JOBS.links, MAIL_USERS.links],
  ] as const) {
    await makeJob(
      {
        clientId: c.id,
        jmsNumber,
        createdById: ids.get(userName),
        email: `${userName}@example.com`,
        matterReference: `WG-${jmsNumber}`,
      },
      db,
    );
  }
  await makeInvoice({ clientId: c.id, jmsNumber: MAIL_JOBS.links, ...MAIL_INVOICE }, db);
}
