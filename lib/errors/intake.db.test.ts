import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as sendExceptionRoute } from '@/app/api/Email/SendException/route';
import { POST as addRoute } from '@/app/api/Exception/Add/route';
import { emailOutbox, exceptionReports } from '@/db/schema';
import { config } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { fixedClock, setClock } from '@/lib/clock';
import { handleError } from '@/lib/http/route';
import { ANONYMOUS_REPORTS_PER_WINDOW, IP_REPORTS_PER_WINDOW, USER_REPORTS_PER_WINDOW } from './intake';

const ctx = { params: Promise.resolve({}) };
const post = (path: string, body: unknown, token?: string, ip?: string) =>
  new Request(`http://localhost/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(body),
  });

describe('exception reports from the browser (api/Exception/Add, api/Email/SendException)', () => {
  const t = useTestDatabase();
  // The limits count per minute: a fixed clock keeps each test inside one window.
  let restoreClock = () => {};
  beforeEach(() => {
    restoreClock = setClock(fixedClock('2026-03-02T10:00:05Z'));
  });
  afterEach(() => restoreClock());

  it('stores the report with the user and page, and e-mails it to support', async () => {
    const { token, user } = await signedIn(3);
    const body = {
      Message: 'TypeError: x is undefined',
      InnerException: 'cause',
      StackTrace: 'at JobList (list.tsx:10)',
      Status: 0,
      Url: '/JobClient?page=2',
    };
    const res = await addRoute(post('api/Exception/Add', body, token), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Stored: true });

    const [row] = await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id));
    expect(row).toMatchObject({
      message: body.Message,
      innerException: 'cause',
      stackTrace: body.StackTrace,
      status: 0,
      url: '/JobClient?page=2',
    });
    const mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'exception'));
    const mail = mails.find((m) => m.subject.includes(body.Message));
    expect(mail?.toAddress).toBe(config().SUPPORT_EMAIL);
    expect(mail?.textBody).toContain('at JobList (list.tsx:10)');
  });

  it('stores the same report sent to both endpoints once', async () => {
    const { token, user } = await signedIn(3);
    const body = { Message: 'Request failed with status 500', StackTrace: null, Status: 500, Url: '/Invoice' };
    expect(await (await addRoute(post('api/Exception/Add', body, token), ctx)).json()).toEqual({ Stored: true });
    expect(await (await sendExceptionRoute(post('api/Email/SendException', body, token), ctx)).json()).toEqual({
      Stored: false,
      Reason: 'duplicate',
    });
    const rows = await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.occurrences).toBe(2);
  });

  it('accepts an anonymous report (a public page can fail too)', async () => {
    const res = await sendExceptionRoute(
      post('api/Email/SendException', { Message: 'anonymous failure on sign-in', Status: '0' }),
      ctx,
    );
    expect(await res.json()).toEqual({ Stored: true });
    const rows = await t
      .db()
      .select()
      .from(exceptionReports)
      .where(eq(exceptionReports.message, 'anonymous failure on sign-in'));
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
    expect(await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id))).toHaveLength(
      USER_REPORTS_PER_WINDOW,
    );
  });

  it('rejects a report without a message, and clips what is too long', async () => {
    const { token, user } = await signedIn(3);
    const res = await addRoute(post('api/Exception/Add', { Message: '   ', Status: 500 }, token), ctx);
    expect(res.status).toBe(400);
    const long = await addRoute(
      post('api/Exception/Add', { Message: 'm'.repeat(5000), StackTrace: 's'.repeat(20000) }, token),
      ctx,
    );
    expect(long.status).toBe(200);
    const [row] = await t.db().select().from(exceptionReports).where(eq(exceptionReports.userId, user.id));
    expect(row?.message).toHaveLength(2000);
    expect(row?.stackTrace).toHaveLength(16000);
  });

  it('limits anonymous reports per client IP, and all anonymous callers together', async () => {
    const answers = [];
    for (let i = 0; i < IP_REPORTS_PER_WINDOW + 2; i++) {
      answers.push(
        await (
          await addRoute(post('api/Exception/Add', { Message: `anon flood ${i}` }, undefined, '203.0.113.7'), ctx)
        ).json(),
      );
    }
    expect(answers.filter((a) => a.Stored)).toHaveLength(IP_REPORTS_PER_WINDOW);
    expect(answers.at(-1)).toEqual({ Stored: false, Reason: 'rate-limited' });
    // Another address is not blocked by the first one's flood.
    expect(
      await (
        await addRoute(post('api/Exception/Add', { Message: 'another caller' }, undefined, '198.51.100.4'), ctx)
      ).json(),
    ).toEqual({ Stored: true });
    // A forged address per call still meets the ceiling for all anonymous callers.
    let stored = IP_REPORTS_PER_WINDOW + 1;
    for (let i = 0; stored < ANONYMOUS_REPORTS_PER_WINDOW + 5; i++, stored++) {
      await addRoute(post('api/Exception/Add', { Message: `spoofed ${i}` }, undefined, `192.0.2.${i}`), ctx);
    }
    const anonymous = await t.db().select().from(exceptionReports);
    expect(anonymous.filter((r) => r.userId === null).length).toBeLessThanOrEqual(ANONYMOUS_REPORTS_PER_WINDOW);
  });
});

describe('server errors (500s)', () => {
  const t = useTestDatabase();

  it('e-mails the same error at most once a minute, counting the repeats on its report', async () => {
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const restore = setClock(clock);
    try {
      const boom = () => {
        const e = new Error('relation "jobz" does not exist');
        e.stack = 'Error: relation "jobz" does not exist\n    at listJobs (lib/jobs/queries.ts:10:5)';
        return e;
      };
      for (let i = 0; i < 25; i++) {
        const res = await handleError(
          boom(),
          new Request(`http://localhost/api/Job/JobsList/CurrentPage/${i}/PageSize/10`),
          null,
        );
        expect(res.status).toBe(500);
        clock.advance(1000);
      }
      let rows = await t.db().select().from(exceptionReports);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ message: 'relation "jobz" does not exist', occurrences: 25 });
      let mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'exception'));
      expect(mails).toHaveLength(1);

      // A minute after the report, the same error is reported (and mailed) again, with the count of the last one.
      clock.advance(60_000);
      await handleError(boom(), new Request('http://localhost/api/Job/JobsList/CurrentPage/1/PageSize/10'), null);
      rows = await t.db().select().from(exceptionReports);
      expect(rows.map((r) => r.occurrences).sort()).toEqual([1, 25]);
      mails = await t.db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'exception'));
      expect(mails).toHaveLength(2);
      expect(mails.map((m) => m.textBody).join('\n')).toContain(
        `Report #${rows.find((r) => r.occurrences === 25)?.id} of the same error was seen 25 times in all.`,
      );

      // A different error is its own report.
      await handleError(new Error('another bug'), new Request('http://localhost/api/x'), null);
      expect(await t.db().select().from(exceptionReports)).toHaveLength(3);
    } finally {
      restore();
    }
  });
});
