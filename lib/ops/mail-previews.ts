/**
 * The staff's previews of every e-mail (/Ops/Emails): each kind of the catalogue (lib/mail/catalogue.ts, so a new
 * kind shows here as soon as it is listed there) rendered with its sample props and the sender's brand as it is
 * configured now, in HTML and text; and a test of one kind sent to the staff user's own address, through the outbox
 * like every other e-mail (a real send), audited.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import { userPrincipal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { mailBrand } from '@/lib/mail/brand';
import { MAIL_CATALOGUE, MAIL_KINDS, type MailKind } from '@/lib/mail/catalogue';
import { enqueueMail } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mail/render';

/** How many preview e-mails one staff user may send in an hour (the outbox is not a mail cannon). */
export const PREVIEW_SENDS_PER_HOUR = 30;

export const PREVIEW_MSG = {
  kind: 'Please choose an e-mail of the list.',
  tooMany: `You have sent ${PREVIEW_SENDS_PER_HOUR} test e-mails in the last hour. Please wait a little.`,
} as const;

const PREVIEW_AUDIT_ACTION = 'ops.mail_preview.sent';

/** Which kind to send: one of the catalogue. */
export const previewKindSchema = z.enum(MAIL_KINDS as [MailKind, ...MailKind[]], { error: PREVIEW_MSG.kind });

export interface MailPreview {
  kind: MailKind;
  audience: string;
  subject: string;
  html: string;
  text: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own sample goes with its own kind
const sampleOf = (kind: MailKind): any => MAIL_CATALOGUE[kind].sample(config().appUrl);

/** Every kind of the catalogue, rendered with its sample props and the current brand. Staff only. */
export async function mailPreviews(actor: Actor): Promise<MailPreview[]> {
  authorize(actor, 'ops.open', staffPolicy);
  const brand = await mailBrand(await getDb());
  return Promise.all(
    MAIL_KINDS.map(async (kind) => ({
      kind,
      audience: MAIL_CATALOGUE[kind].audience,
      ...(await renderMail(kind, sampleOf(kind), brand)),
    })),
  );
}

export type SendPreviewResult = { sent: true; to: string } | { sent: false; message: string };

/**
 * Queues one kind, with its sample props, to the staff user's own address (read from their row, never from the
 * request); at most PREVIEW_SENDS_PER_HOUR an hour. Audited.
 */
export async function sendMailPreview(actor: Actor, kind: MailKind): Promise<SendPreviewResult> {
  const a = authorize(actor, 'ops.open', staffPolicy);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, a.userId)).limit(1);
    if (!u) return { sent: false, message: PREVIEW_MSG.kind };
    // The user's own sends of the last hour, as their audit rows tell them.
    const [recent] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, a.userId),
          eq(auditLog.action, PREVIEW_AUDIT_ACTION),
          gte(auditLog.createdAt, new Date(now().getTime() - 3_600_000)),
        ),
      );
    if ((recent?.n ?? 0) >= PREVIEW_SENDS_PER_HOUR) return { sent: false, message: PREVIEW_MSG.tooMany };
    await enqueueMail(tx, { to: u.email, kind, props: sampleOf(kind) });
    await recordAudit(tx, userPrincipal(a), {
      action: PREVIEW_AUDIT_ACTION,
      clientId: null,
      targetType: 'user',
      targetId: a.userId,
      details: { kind },
    });
    return { sent: true, to: u.email };
  });
}
