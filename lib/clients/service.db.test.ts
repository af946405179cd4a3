import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, passwordResetTokens, users } from '@/db/schema';
import { fixedClock, now, setClock } from '@/lib/clock';
import { resetPasswordWithToken } from '@/lib/auth/reset';
import { resolveSession } from '@/lib/auth/session';
import { signInWithPassword } from '@/lib/auth/signin';
import { useTestDatabase } from '@/test/db';
import { makeJob, signedIn, TEST_PASSWORD } from '@/test/factories';
import { staffActor } from '@/test/staff';
import { clientFormSchema, inviteAdminSchema } from './schema';
import { createClient, deleteClient, getClientDetail, INVITE_TTL_HOURS, inviteClientAdmin, listClients, reinstateClient, suspendClient } from './service';

const uid = () => Math.random().toString(36).slice(2, 8);

function clientForm(over: Record<string, unknown> = {}) {
  const id = uid();
  return clientFormSchema.parse({
    Name: `Onboarded ${id} Lawyers`,
    AccountNumber: `ON-${id}`,
    Branches: [
      { Label: 'Head office', Address: '1 George Street, Sydney NSW 2000', ExtClientBranchId: 'BR-1', IsDefault: false },
      { Label: 'Parramatta', Address: '2 Church Street, Parramatta NSW 2150', ExtClientBranchId: '', IsDefault: true },
    ],
    ProcessingCities: [{ Name: 'Sydney' }, { Name: 'Melbourne' }],
    CostEstimates: [{ Number: '8001', Description: 'Discovery', Amount: '1,250.00' }],
    ...over,
  });
}

function invite(clientId: number, over: Record<string, unknown> = {}) {
  const name = `admin.${uid()}`;
  return inviteAdminSchema.parse({ ClientId: clientId, FirstName: 'Ada', LastName: 'Admin', EmailId: `${name}@example.com`, Phone: '(02)9000-1111', UserName: name, TimeZoneId: 'Australia/Sydney', ...over });
}

describe('client onboarding by staff', () => {
  const t = useTestDatabase();

  it('creates a client with branches, cities and cost estimates; refuses a duplicate account number', async () => {
    const staff = await staffActor(2);
    const form = clientForm();
    const { id } = await createClient(staff, form);
    const detail = await getClientDetail(staff, id);
    expect(detail?.branches.map((b) => [b.label, b.extClientBranchId, b.isDefault])).toEqual([
      ['Parramatta', null, true],
      ['Head office', 'BR-1', false],
    ]);
    expect(detail?.cities.map((c) => c.name)).toEqual(['Melbourne', 'Sydney']);
    expect(detail?.costEstimates.map((c) => [c.number, c.amount])).toEqual([['8001', '1250.00']]);
    const list = await listClients(staff, { text: form.AccountNumber, status: 'any' }, { page: 1, size: 10 });
    expect(list.rows.map((r) => r.id)).toEqual([id]);

    await expect(createClient(staff, { ...clientForm(), AccountNumber: form.AccountNumber })).rejects.toMatchObject({ status: 400, fields: { AccountNumber: [expect.any(String)] } });
    const [audit] = await t.db().select().from(auditLog).where(and(eq(auditLog.action, 'ops.client.created'), eq(auditLog.clientId, id)));
    expect(audit?.actorUserId).toBe(staff.userId);
  });

  it('invites the administrator: an e-mail with a 72-hour single-use link into the first-time password flow', async () => {
    const staff = await staffActor(2);
    const { id } = await createClient(staff, clientForm());
    const form = invite(id);
    const { userId } = await inviteClientAdmin(staff, form);

    const [mail] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, form.EmailId)).orderBy(desc(emailOutbox.id));
    expect(mail?.kind).toBe('invite');
    const token = /\/ResetPassword\?url=([A-Za-z0-9_-]{43})&reason=first/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeTruthy();
    const [tok] = await t.db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(Math.round(((tok?.expiresAt.getTime() ?? 0) - now().getTime()) / 3_600_000)).toBe(INVITE_TTL_HOURS);

    // No password works before the link is used.
    expect((await signInWithPassword({ userName: form.UserName, password: '!invited' })).status).toBe('invalid');
    expect((await resetPasswordWithToken(token ?? '', 'Lantern#Quay4821', 'Lantern#Quay4821')).status).toBe('done');
    expect((await resetPasswordWithToken(token ?? '', 'Lantern#Quay4822', 'Lantern#Quay4822')).status).toBe('expired');
    expect((await signInWithPassword({ userName: form.UserName, password: 'Lantern#Quay4821' })).status).toBe('otp');
    const [u] = await t.db().select().from(users).where(eq(users.id, userId));
    expect(u).toMatchObject({ role: 4, clientId: id, mustChangePassword: false });
  });

  it('the invitation link expires after 72 hours', async () => {
    const staff = await staffActor(1);
    const { id } = await createClient(staff, clientForm());
    const form = invite(id);
    const restore = setClock(fixedClock(new Date()));
    try {
      await inviteClientAdmin(staff, form);
      const [mail] = await t.db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, form.EmailId));
      const token = /url=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? '';
      setClock(fixedClock(new Date(Date.now() + (INVITE_TTL_HOURS * 60 + 1) * 60_000)));
      expect((await resetPasswordWithToken(token, 'Lantern#Quay4821', 'Lantern#Quay4821')).status).toBe('expired');
    } finally {
      restore();
    }
  });

  it('suspending a client ends its users’ sessions and keeps them from signing in; reinstating lets them back', async () => {
    const staff = await staffActor(2);
    const user = await signedIn(3);
    expect(await resolveSession(user.actor.sessionId)).not.toBeNull();
    await suspendClient(staff, user.clientId);
    expect(await resolveSession(user.actor.sessionId)).toBeNull();
    // Like a deactivated account: only its own password learns 'Credential does not exist.' (decision 007).
    expect((await signInWithPassword({ userName: user.user.userName, password: TEST_PASSWORD })).status).toBe('deactivated');
    expect((await signInWithPassword({ userName: user.user.userName, password: 'Wrong#Password1' })).status).toBe('invalid');
    await reinstateClient(staff, user.clientId);
    expect((await signInWithPassword({ userName: user.user.userName, password: TEST_PASSWORD })).status).toBe('otp');
    // Staff are not a client's users: their sessions go on.
    expect(await resolveSession(staff.sessionId)).not.toBeNull();
  });

  it('deleting: role 1 only, and only a client with no jobs or invoices', async () => {
    const operator = await staffActor(2);
    const admin = await staffActor(1);
    const empty = await createClient(admin, clientForm());
    await expect(deleteClient(operator, empty.id)).rejects.toMatchObject({ status: 403 });
    await deleteClient(admin, empty.id);
    expect(await getClientDetail(admin, empty.id)).toBeNull();

    const busy = await signedIn(3);
    await makeJob({ clientId: busy.clientId });
    await expect(deleteClient(admin, busy.clientId)).rejects.toMatchObject({ status: 409 });
    expect(await resolveSession(busy.actor.sessionId)).not.toBeNull();
  });

  it('client roles reach none of it', async () => {
    const admin = await signedIn(4);
    await expect(listClients(admin.actor, { text: '', status: 'any' }, { page: 1, size: 10 })).rejects.toMatchObject({ status: 403 });
    await expect(suspendClient(admin.actor, admin.clientId)).rejects.toMatchObject({ status: 403 });
  });
});
