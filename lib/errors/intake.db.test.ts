import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as sendExceptionRoute } from '@/app/api/Email/SendException/route';
import { POST as addRoute } from '@/app/api/Exception/Add/route';
import { emailOutbox, exceptionReports } from '@/db/schema';
import { config } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { USER_REPORTS_PER_WINDOW } from './intake';

const ctx = { params: Promise.resolve({}) };
const post = (path: string, body: unknown, token?: string) =>
  new Request(`http://localhost/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('exception reports from the browser (api/Exception/Add, api/Email/SendException)', () => {
  const t = useTestDatabase();

  it('stores the report with the user and page, and e-mails it to support', async () => {
    const { token, user } = await signedIn(3);
    const body = { Message: 'TypeError: x is undefined', InnerException: 'cause', StackTrace: 'at JobList (list.tsx:10)', Status: 0, Url: '/JobClient?page=2' };
    const res = await addRoute(post('api/Exception/Add', body, token), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Stored: true });

    const [row] = await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id));
    expect(row).toMatchObject({ message: body.Message, innerException: 'cause', stackTrace: body.StackTrace, status: 0, url: '/JobClient?page=2' });
    const mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'exception'));
    const mail = mails.find((m) => m.subject.includes(body.Message));
    expect(mail?.toAddress).toBe(config().SUPPORT_EMAIL);
    expect(mail?.textBody).toContain('at JobList (list.tsx:10)');
  });

  it('stores the same report sent to both endpoints once', async () => {
    const { token, user } = await signedIn(3);
    const body = { Message: 'Request failed with status 500', StackTrace: null, Status: 500, Url: '/Invoice' };
    expect(await (await addRoute(post('api/Exception/Add', body, token), ctx)).json()).toEqual({ Stored: true });
    expect(await (await sendExceptionRoute(post('api/Email/SendException', body, token), ctx)).json()).toEqual({ Stored: false, Reason: 'duplicate' });
    const rows = await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts an anonymous report (a public page can fail too)', async () => {
    const res = await sendExceptionRoute(post('api/Email/SendException', { Message: 'anonymous failure on sign-in', Status: '0' }), ctx);
    expect(await res.json()).toEqual({ Stored: true });
    const rows = await t.db().select().from(exceptionReports).where(eq(exceptionReports.message, 'anonymous failure on sign-in'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBeNull();
  });

  it('limits how many reports one user can file in a minute', async () => {
    const { token, user } = await signedIn(3);
    const answers = [];
    for (let i = 0; i < USER_REPORTS_PER_WINDOW + 3; i++) {
      answers.push(await (await addRoute(post('api/Exception/Add', { Message: `flood ${i}` }, token), ctx)).json());
    }
    expect(answers.filter((a) => a.Stored)).toHaveLength(USER_REPORTS_PER_WINDOW);
    expect(answers.at(-1)).toEqual({ Stored: false, Reason: 'rate-limited' });
    expect(await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id))).toHaveLength(USER_REPORTS_PER_WINDOW);
  });

  it('rejects a report without a message, and clips what is too long', async () => {
    const { token, user } = await signedIn(3);
    const res = await addRoute(post('api/Exception/Add', { Message: '   ', Status: 500 }, token), ctx);
    expect(res.status).toBe(400);
    const long = await addRoute(post('api/Exception/Add', { Message: 'm'.repeat(5000), StackTrace: 's'.repeat(20000) }, token), ctx);
    expect(long.status).toBe(200);
    const [row] = await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id));
    expect(row?.message).toHaveLength(2000);
    expect(row?.stackTrace).toHaveLength(16000);
  });
});
