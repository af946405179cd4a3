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
import {
  createClient,
  deleteClient,
  getClientDetail,
  INVITE_TTL_HOURS,
  inviteClientAdmin,
  listClients,
  reinstateClient,
  suspendClient,
  updateClient,
} from './service';

const uid = () => Math.random().toString(36).slice(2, 8);

function clientForm(over: Record<string, unknown> = {}) {
  const id = uid();
  return clientFormSchema.parse({
    Name: `Onboarded ${id} Lawyers`,
    AccountNumber: `ON-${id}`,
    Branches: [
      {
        Label: 'Head office',
        Address: '1 George Street, Sydney NSW 2000',
        ExtClientBranchId: 'BR-1',
        IsDefault: false,
      },
      { Label: 'Parramatta', Address: '2 Church Street, Parramatta NSW 2150', ExtClientBranchId: '', IsDefault: true },
    ],
    ProcessingCities: [{ Name: 'Sydney' }, { Name: 'Melbourne' }],
    CostEstimates: [{ Number: '8001', Description: 'Discovery', Amount: '1,250.00' }],
    ...over,
  });
}

function invite(clientId: number, over: Record<string, unknown> = {}) {
  const name = `admin.${uid()}`;
  return inviteAdminSchema.parse({
    ClientId: clientId,
    FirstName: 'Ada',
    LastName: 'Admin',
    EmailId: `${name}@example.com`,
    Phone: '(02)9000-1111',
    UserName: name,
    TimeZoneId: 'Australia/Sydney',
    ...over,
  });
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

    await expect(createClient(staff, { ...clientForm(), AccountNumber: form.AccountNumber })).rejects.toMatchObject({
      status: 400,
      fields: { AccountNumber: [expect.any(String)] },
    });
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.client.created'), eq(auditLog.clientId, id)));
    expect(audit?.actorUserId).toBe(staff.userId);
  });

  it('invites the administrator: an e-mail with a 72-hour single-use link into the first-time password flow', async () => {
    const staff = await staffActor(2);
    const { id } = await createClient(staff, clientForm());
    const form = invite(id);
    const { userId } = await inviteClientAdmin(staff, form);

    const [mail] = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, form.EmailId))
      .orderBy(desc(emailOutbox.id));
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
    expect((await signInWithPassword({ userName: user.user.userName, password: TEST_PASSWORD })).status).toBe(
      'deactivated',
    );
    expect((await signInWithPassword({ userName: user.user.userName, password: 'Wrong#Password1' })).status).toBe(
      'invalid',
    );
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

  it('edits a client: kept rows stay (jobs keep pointing at them), new ones are added, unused ones removed, names may be swapped', async () => {
    const staff = await staffActor(2);
    const { id } = await createClient(staff, clientForm());
    const before = await getClientDetail(staff, id);
    const [parramatta, head] = before?.branches ?? [];
    const [melbourne, sydney] = before?.cities ?? [];
    const job = await makeJob({ clientId: id, clientBranchAddressId: head?.id, processingCityId: sydney?.id });

    const edit = clientForm({
      ClientId: id,
      Name: `${before?.name} & Partners`,
      AccountNumber: before?.accountNumber,
      Branches: [
        {
          Id: head?.id,
          Label: 'Head office (Level 3)',
          Address: '1 George Street, Sydney NSW 2000',
          ExtClientBranchId: 'BR-1',
          IsDefault: true,
        },
        { Label: 'Newcastle', Address: '3 Hunter Street, Newcastle NSW 2300', ExtClientBranchId: '', IsDefault: false },
      ],
      // The two cities trade names (one unique index per client), and a third is added.
      ProcessingCities: [
        { Id: melbourne?.id, Name: 'Sydney' },
        { Id: sydney?.id, Name: 'Melbourne' },
        { Name: 'Brisbane' },
      ],
      CostEstimates: [{ Number: '8002', Description: 'Trial bundle', Amount: '900' }],
    });
    await updateClient(staff, edit);
    const after = await getClientDetail(staff, id);
    expect(after?.name).toBe(`${before?.name} & Partners`);
    expect(after?.branches.map((b) => [b.id === head?.id, b.label, b.isDefault])).toEqual([
      [true, 'Head office (Level 3)', true],
      [false, 'Newcastle', false],
    ]);
    expect(after?.branches.some((b) => b.id === parramatta?.id)).toBe(false);
    expect(after?.cities.map((c) => [c.name, c.id])).toEqual([
      ['Brisbane', expect.any(Number)],
      ['Melbourne', sydney?.id],
      ['Sydney', melbourne?.id],
    ]);
    expect(after?.costEstimates.map((c) => [c.number, c.amount])).toEqual([['8002', '900.00']]);
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ops.client.updated'), eq(auditLog.clientId, id)));
    expect(audit?.details).toMatchObject({
      branches: { kept: 1, added: 1, removed: 1 },
      cities: { kept: 2, added: 1, removed: 0 },
    });

    // The job's branch and city cannot be removed: refused with their names, and nothing changes.
    const refused = updateClient(staff, {
      ...edit,
      Name: 'Renamed again',
      Branches: [
        { Label: 'Elsewhere', Address: '9 Pitt Street, Sydney NSW 2000', ExtClientBranchId: '', IsDefault: true },
      ],
      ProcessingCities: [{ Name: 'Perth' }],
    });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      fields: {
        Branches: [
          'The branch "Head office (Level 3)" is used by jobs and cannot be removed: keep it (you may rename it).',
        ],
        ProcessingCities: [
          'The processing city "Melbourne" is used by jobs and cannot be removed: keep it (you may rename it).',
        ],
      },
    });
    expect((await getClientDetail(staff, id))?.name).toBe(`${before?.name} & Partners`);
    expect(job.clientBranchAddressId).toBe(head?.id);
  });

  it('an edit cannot reach another client’s rows, nor take another client’s name or account number', async () => {
    const staff = await staffActor(2);
    const mine = await createClient(staff, clientForm());
    const otherForm = clientForm();
    const other = await createClient(staff, otherForm);
    const theirs = await getClientDetail(staff, other.id);
    const me = await getClientDetail(staff, mine.id);
    const base = clientForm({ ClientId: mine.id, Name: me?.name, AccountNumber: me?.accountNumber });

    await expect(
      updateClient(staff, { ...base, ProcessingCities: [{ Id: theirs?.cities[0]?.id, Name: 'Stolen' }] }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { 'ProcessingCities.0': ['This entry no longer exists: reload the page.'] },
    });
    expect((await getClientDetail(staff, other.id))?.cities.map((c) => c.name)).toEqual(
      theirs?.cities.map((c) => c.name),
    );

    await expect(updateClient(staff, { ...base, AccountNumber: otherForm.AccountNumber })).rejects.toMatchObject({
      status: 400,
      fields: { AccountNumber: [expect.any(String)] },
    });
    await expect(updateClient(staff, { ...base, Name: otherForm.Name })).rejects.toMatchObject({
      status: 400,
      fields: { Name: [expect.any(String)] },
    });
    // Its own name and number are not "taken".
    await expect(updateClient(staff, base)).resolves.toEqual({ id: mine.id });
    await expect(updateClient(await staffActor(2), { ...base, ClientId: 2_000_000 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('client roles reach none of it', async () => {
    const admin = await signedIn(4);
    await expect(listClients(admin.actor, { text: '', status: 'any' }, { page: 1, size: 10 })).rejects.toMatchObject({
      status: 403,
    });
    await expect(suspendClient(admin.actor, admin.clientId)).rejects.toMatchObject({ status: 403 });
    await expect(updateClient(admin.actor, clientForm({ ClientId: admin.clientId }))).rejects.toMatchObject({
      status: 403,
    });
  });
});
