/**
 * Tenancy across the services (issue 27): with the client taken from the one guard (lib/core/tenancy.ts) and the
 * client administrator's rules asked through `authorize` (lib/core/authorize.ts), a representative set of client
 * services still answers another client's row exactly as before: like a missing one (null, 'not-found', 404),
 * and refuses actors without a client (staff, a client role whose client is null) with 403, or 404 where the
 * legacy path answers "like a missing user".
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLog, documents } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { listActivity } from '@/lib/audit/activity';
import { prepareDownload } from '@/lib/documents/service';
import { ForbiddenError } from '@/lib/core/errors';
import { listInvoices } from '@/lib/invoices/service';
import { DEFAULT_INVOICE_QUERY } from '@/lib/invoices/schema';
import { getJobFeedback } from '@/lib/jobs/feedback';
import { DEFAULT_JOB_QUERY } from '@/lib/jobs/list-schema';
import { jobSlip, listJobs } from '@/lib/jobs/queries';
import { suggestMatterReferences } from '@/lib/jobs/lookups';
import { getPasswordExpiry } from '@/lib/settings/password-expiry';
import { getUserDetailsByUserName } from '@/lib/settings/user-lookup';
import { unlockUser } from '@/lib/users/access';
import { DEFAULT_USER_QUERY } from '@/lib/users/list-schema';
import { getUser, listUsers } from '@/lib/users/service';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeInvoice, makeJob, makeUser, signedIn, signedInStaff } from '@/test/factories';

const ALL = { page: 1, size: 0 };

describe('another client’s rows, through the tenancy guard', () => {
  const t = useTestDatabase();

  async function twoClients() {
    const mine = await signedIn(4);
    const other = await makeClient();
    const theirUser = await makeUser({ clientId: other.id, role: 3 });
    const theirJob = await makeJob({ clientId: other.id, matterReference: 'THEIR-MATTER' });
    const myJob = await makeJob({ clientId: mine.clientId, matterReference: 'MY-MATTER' });
    await makeInvoice({ clientId: other.id, jmsNumber: theirJob.jmsNumber });
    const [doc] = await t
      .db()
      .insert(documents)
      .values({
        clientId: other.id,
        jobId: theirJob.id,
        storageKey: `cd/${randomUUID()}`,
        fileName: 'theirs.pdf',
        size: 3,
      })
      .returning();
    await t
      .db()
      .insert(auditLog)
      .values({
        action: 'user.updated',
        clientId: other.id,
        actorUserId: theirUser.id,
        targetType: 'user',
        targetId: String(theirUser.id),
        details: {},
      });
    return { mine, other, theirUser, theirJob, myJob, doc: doc! };
  }

  it('jobs: the list holds only my jobs, their slip and feedback are missing, their matters are not suggested', async () => {
    const { mine, theirJob, myJob } = await twoClients();
    const list = await listJobs(mine.actor, { ...DEFAULT_JOB_QUERY, statuses: [] }, ALL);
    expect(list.rows.map((r) => r.id)).toEqual([myJob.id]);
    expect(await jobSlip(mine.actor, theirJob.id)).toBeNull();
    expect(await getJobFeedback(mine.actor, theirJob.id)).toBeNull();
    expect(await suggestMatterReferences(mine.actor, 'MATTER')).toEqual(['MY-MATTER']);
  });

  it('invoices: another client’s invoice is not listed', async () => {
    const { mine } = await twoClients();
    expect((await listInvoices(mine.actor, DEFAULT_INVOICE_QUERY, ALL)).totalCount).toBe(0);
  });

  it('users: another client’s user is missing to the administrator (get, list, unlock)', async () => {
    const { mine, theirUser } = await twoClients();
    expect(await getUser(mine.actor, theirUser.id)).toBeNull();
    expect((await listUsers(mine.actor, DEFAULT_USER_QUERY, ALL)).rows.map((u) => u.id)).toEqual([mine.user.id]);
    await expect(unlockUser(mine.actor, theirUser.id)).rejects.toMatchObject({ status: 404 });
  });

  it('activity: another client’s events are not the firm’s', async () => {
    const { mine } = await twoClients();
    expect((await listActivity(mine.actor, {}, ALL)).rows).toEqual([]);
  });

  it('documents: downloading another client’s file answers 404 like a missing one', async () => {
    const { mine, doc } = await twoClients();
    await expect(prepareDownload(mine.actor, doc.id)).rejects.toMatchObject({ status: 404 });
    await expect(prepareDownload(mine.actor, 2_000_000_000)).rejects.toMatchObject({ status: 404 });
  });

  it('settings: another client’s user is not found by name, and its password expiry answers 404', async () => {
    const { mine, theirUser } = await twoClients();
    expect(await getUserDetailsByUserName(mine.actor, theirUser.userName)).toBeNull();
    await expect(getPasswordExpiry(mine.actor, theirUser.id)).rejects.toMatchObject({ status: 404 });
    // A colleague of the same client is the administrator's to read.
    const colleague = await makeUser({ clientId: mine.clientId, role: 5 });
    expect((await getUserDetailsByUserName(mine.actor, colleague.userName))?.UserName).toBe(colleague.userName);
    await expect(getPasswordExpiry(mine.actor, colleague.id)).resolves.toBeDefined();
  });

  it('settings: a non-administrator reads only itself, and another user of its own client answers 404', async () => {
    const me = await signedIn(5);
    const colleague = await makeUser({ clientId: me.clientId, role: 4 });
    expect(await getUserDetailsByUserName(me.actor, colleague.userName)).toBeNull();
    await expect(getPasswordExpiry(me.actor, colleague.id)).rejects.toMatchObject({ status: 404 });
    expect((await getUserDetailsByUserName(me.actor, me.user.userName))?.UserName).toBe(me.user.userName);
  });

  it('staff (no client) are refused by every client-scoped service with 403', async () => {
    const { actor } = await signedInStaff(1);
    const { theirJob, theirUser } = await twoClients();
    await expect(listJobs(actor, { ...DEFAULT_JOB_QUERY, statuses: [] }, ALL)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getJobFeedback(actor, theirJob.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(suggestMatterReferences(actor, 'MATTER')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listInvoices(actor, DEFAULT_INVOICE_QUERY, ALL)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getUser(actor, theirUser.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listActivity(actor, {}, ALL)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('a client role whose client is null is refused like staff (403), and 404 where the path answers like a missing user', async () => {
    const { theirUser } = await twoClients();
    const u = await makeUser({ clientId: null, role: 4 });
    const orphan: Actor = {
      userId: u.id,
      clientId: null,
      role: 4,
      userName: u.userName,
      timeZone: u.timeZone,
      sessionId: 's',
    };
    await expect(listJobs(orphan, { ...DEFAULT_JOB_QUERY, statuses: [] }, ALL)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listInvoices(orphan, DEFAULT_INVOICE_QUERY, ALL)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getUser(orphan, theirUser.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listActivity(orphan, {}, ALL)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(prepareDownload(orphan, 1)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getPasswordExpiry(orphan, theirUser.id)).rejects.toMatchObject({ status: 404 });
    expect(await getUserDetailsByUserName(orphan, theirUser.userName)).toBeNull();
  });
});
