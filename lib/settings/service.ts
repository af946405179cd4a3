/**
 * Self-service settings (spec §2 /Settings, §7 api/Settings/*): e-mail, time zone, password change,
 * job alerts (saved on their own without the current password) and a test e-mail. Everything is the signed-in user's own: the user id comes from the
 * actor, never from a body.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { emailOutbox, userJobAlerts, users } from '@/db/schema';
import { recordAudit } from '@/lib/core/audit';
import { userPrincipal } from '@/lib/core/principal';
import type { Actor } from '@/lib/auth/actor';
import { setPassword } from '@/lib/auth/set-password';
import { now } from '@/lib/clock';
import { NotFoundError } from '@/lib/core/errors';
import { MSG } from '@/lib/messages';
import { emailDomainProblem } from '@/lib/security/security-policy';
import { enqueueMail } from '@/lib/mail/outbox';
import { JOB_STATUSES } from '@/lib/reference';
import { verifyCurrentPassword } from '@/lib/auth/current-password';
import { canonicalTimeZone, type AlertsForm, type JobAlertMode, type JobAlertScope, type SettingsForm } from './schema';

export interface UserSettings {
  UserName: string;
  FullName: string;
  EmailId: string;
  TimeZoneId: string;
  JobAlerts: number[];
  JobAlertMode: JobAlertMode;
  JobAlertScope: JobAlertScope;
  InvoiceAlert: boolean;
  OrderConfirmation: boolean;
}

export async function getSettings(actor: Actor): Promise<UserSettings | null> {
  const db = await getDb();
  const [u] = await db
    .select({
      userName: users.userName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      timeZone: users.timeZone,
      mode: users.jobAlertMode,
      scope: users.jobAlertScope,
      invoiceAlert: users.invoiceAlert,
      orderConfirmation: users.orderConfirmation,
    })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!u) return null;
  return {
    UserName: u.userName,
    FullName: `${u.firstName} ${u.lastName}`.trim(),
    EmailId: u.email,
    TimeZoneId: u.timeZone,
    JobAlerts: await getAlertIds(actor),
    JobAlertMode: u.mode === 'digest' ? 'digest' : 'instant',
    JobAlertScope: u.scope === 'firm' ? 'firm' : 'mine',
    InvoiceAlert: u.invoiceAlert,
    OrderConfirmation: u.orderConfirmation,
  };
}

async function getAlertIds(actor: Actor): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: userJobAlerts.jobStatusId })
    .from(userJobAlerts)
    .where(eq(userJobAlerts.userId, actor.userId));
  return rows.map((r) => r.id);
}

/** GET api/Settings/UserAlerts: every job status with whether the user is alerted about it. */
export async function getUserAlerts(
  actor: Actor,
): Promise<{ JobStatusId: number; JobStatus: string; IsSelected: boolean }[]> {
  const selected = new Set(await getAlertIds(actor));
  return JOB_STATUSES.map((s) => ({ JobStatusId: s.id, JobStatus: s.label, IsSelected: selected.has(s.id) }));
}

/** The user's job statuses to be alerted about become exactly `ids`. */
async function replaceAlerts(tx: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(userJobAlerts).where(eq(userJobAlerts.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(userJobAlerts).values(unique.map((jobStatusId) => ({ userId, jobStatusId })));
}

/**
 * Saves the user's alert choices (statuses, instant or digest, own or firm's jobs, invoice alert) in one
 * transaction. No current password: the spec's rule guards the e-mail and password form.
 */
export async function updateAlerts(actor: Actor, form: AlertsForm): Promise<null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({
        jobAlertMode: form.JobAlertMode,
        jobAlertScope: form.JobAlertScope,
        invoiceAlert: form.InvoiceAlert,
        orderConfirmation: form.OrderConfirmation,
        alertVersion: sql`${users.alertVersion} + 1`,
        updatedAt: now(),
        updatedById: actor.userId,
      })
      .where(eq(users.id, actor.userId))
      .returning({ clientId: users.clientId });
    if (!u) throw new NotFoundError(MSG.settingsNotUpdated);
    await replaceAlerts(tx, actor.userId, form.JobAlerts);
    await recordAudit(tx, userPrincipal(actor), {
      clientId: u.clientId,
      action: 'settings.alerts_updated',
      targetType: 'user',
      targetId: String(actor.userId),
      details: {
        statuses: [...new Set(form.JobAlerts)],
        mode: form.JobAlertMode,
        scope: form.JobAlertScope,
        invoice: form.InvoiceAlert,
        orderConfirmation: form.OrderConfirmation,
      },
    });
    return null;
  });
}

export type UpdateSettingsResult =
  | { status: 'updated' }
  | { status: 'wrong-password' }
  | { status: 'reused' }
  | { status: 'policy'; fields: Record<string, string[]> }
  | { status: 'not-found' };

class Abort extends Error {
  constructor(public readonly result: UpdateSettingsResult) {
    super('settings update aborted');
  }
}

/**
 * Saves the settings: verifies the current password first, then in one transaction the e-mail, time
 * zone, job alerts (unless `keepAlerts`) and, when given, the new password (which ends the user's
 * other sessions but keeps this one). A changed e-mail address is told to the old address.
 */
export async function updateSettings(
  actor: Actor,
  form: SettingsForm,
  opts: { keepAlerts?: boolean } = {},
): Promise<UpdateSettingsResult> {
  if (!(await verifyCurrentPassword(actor, form.Password))) return { status: 'wrong-password' };
  const timeZone = canonicalTimeZone(form.TimeZoneId);
  if (!timeZone) return { status: 'policy', fields: { TimeZoneId: ['Please choose a time zone from the list.'] } };
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const t = now();
      const [before] = await tx
        .select({
          email: users.email,
          timeZone: users.timeZone,
          firstName: users.firstName,
          lastName: users.lastName,
          clientId: users.clientId,
          mode: users.jobAlertMode,
        })
        .from(users)
        .where(eq(users.id, actor.userId))
        .limit(1);
      if (!before) throw new Abort({ status: 'not-found' });
      const email = form.EmailId.trim();
      if (email.toLowerCase() !== before.email.toLowerCase()) {
        // The organisation's allowed e-mail domains.
        const domain = await emailDomainProblem(before.clientId, email, tx);
        if (domain) throw new Abort({ status: 'policy', fields: { EmailId: [domain] } });
      }
      const mode = !opts.keepAlerts && form.JobAlertMode ? { jobAlertMode: form.JobAlertMode } : {};
      await tx
        .update(users)
        .set({
          email,
          timeZone,
          ...mode,
          // Alerts replaced: the unsubscribe links sent before no longer apply.
          ...(opts.keepAlerts ? {} : { alertVersion: sql`${users.alertVersion} + 1` }),
          updatedAt: t,
          updatedById: actor.userId,
        })
        .where(eq(users.id, actor.userId));
      if (!opts.keepAlerts) {
        await replaceAlerts(tx, actor.userId, form.JobAlerts);
      }
      const changed: string[] = [];
      if (email !== before.email) changed.push('email');
      if (timeZone !== before.timeZone) changed.push('timeZone');
      if (mode.jobAlertMode && mode.jobAlertMode !== before.mode) changed.push('jobAlertMode');
      if (form.NewPassword) {
        const r = await setPassword(tx, actor.userId, form.NewPassword, {
          reason: 'settings',
          actorUserId: actor.userId,
          keepSessionId: actor.sessionId,
        });
        if (!r.ok && r.reason === 'reused') throw new Abort({ status: 'reused' });
        if (!r.ok && r.reason === 'policy') throw new Abort({ status: 'policy', fields: { NewPassword: r.problems } });
        if (!r.ok) throw new Abort({ status: 'not-found' });
        changed.push('password');
      }
      if (email.toLowerCase() !== before.email.toLowerCase()) {
        await enqueueMail(tx, {
          to: before.email,
          kind: 'email-changed',
          props: { name: `${before.firstName} ${before.lastName}`, userName: actor.userName, newEmail: email },
        });
      }
      await recordAudit(tx, userPrincipal(actor), {
        clientId: before.clientId,
        action: 'settings.updated',
        targetType: 'user',
        targetId: String(actor.userId),
        details: { changed, alerts: opts.keepAlerts ? 'kept' : 'replaced' },
      });
      return { status: 'updated' } as const;
    });
  } catch (e) {
    if (e instanceof Abort) return e.result;
    throw e;
  }
}

export { TEST_MAIL_SUBJECT } from '@/lib/mail/kinds/test';
/** Test e-mails a user may ask for per hour (the button must not become a mail cannon). */
export const TEST_MAILS_PER_HOUR = 5;

/**
 * Queues a test e-mail to the user's saved address. A different address in the request is refused
 * (false): the portal only writes to addresses its users have saved.
 */
export async function sendTestEmail(actor: Actor, emailId?: string | null): Promise<boolean> {
  const db = await getDb();
  const [u] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!u) return false;
  if (emailId && emailId.trim().toLowerCase() !== u.email.toLowerCase()) return false;
  const since = new Date(now().getTime() - 3_600_000);
  const [recent] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, 'test'),
        sql`lower(${emailOutbox.toAddress}) = ${u.email.toLowerCase()}`,
        gte(emailOutbox.createdAt, since),
      ),
    );
  if ((recent?.n ?? 0) >= TEST_MAILS_PER_HOUR) return false;
  await enqueueMail(db, {
    to: u.email,
    kind: 'test',
    props: { name: `${u.firstName} ${u.lastName}` },
  });
  return true;
}
