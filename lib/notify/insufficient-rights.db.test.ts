import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { config } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { INSUFFICIENT_RIGHTS_SUBJECT, notifyInsufficientRights, reportedPath } from './insufficient-rights';

describe('the insufficient-rights e-mail', () => {
  const t = useTestDatabase();
  const clock = fixedClock('2026-05-04T02:00:00Z');
  let restore: () => void = () => undefined;
  beforeEach(() => {
    clock.set('2026-05-04T02:00:00Z');
    restore = setClock(clock);
  });
  afterEach(() => restore());

  const mailsAbout = async (userName: string) =>
    (
      await t
        .db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, config().SUPPORT_EMAIL), eq(emailOutbox.kind, 'insufficient-rights')))
    ).filter((m) => m.subject.includes(userName));

  it('queues one e-mail to support naming the user, the client, the role and the page; repeats are held back 10 minutes', async () => {
    const { actor } = await signedIn(3);
    expect(await notifyInsufficientRights(actor, '/user?msg=1')).toBe(true);
    const [mail] = await mailsAbout(actor.userName);
    expect(mail?.subject).toBe(`${INSUFFICIENT_RIGHTS_SUBJECT}: ${actor.userName} on /user`);
    expect(mail?.textBody).toContain('Role: 3 Client User');
    expect(mail?.textBody).toContain('Page: /user');
    expect(await notifyInsufficientRights(actor, '/user')).toBe(false);
    expect(await notifyInsufficientRights(actor, '/saveuser')).toBe(true);
    clock.advance(10 * 60_000 + 1);
    expect(await notifyInsufficientRights(actor, '/user')).toBe(true);
    expect(await mailsAbout(actor.userName)).toHaveLength(3);
  });

  it('reports only a clean path', () => {
    expect(reportedPath('/saveuser?uD=abc#x')).toBe('/saveuser');
    expect(reportedPath('https://evil/x')).toBe('(unknown page)');
    expect(reportedPath(undefined)).toBe('(unknown page)');
    expect(reportedPath('/a\nb')).toBe('/ab');
  });
});
