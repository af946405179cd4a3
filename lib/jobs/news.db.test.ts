/**
 * News as it happens: the users' news rows written with a status change, a file attached and
 * an invoice issued; the bell and its unread count; the alert e-mail telling the same event; positions that
 * catch up exactly once; the event stream and its poll through the door; another firm's news never reaching a
 * user. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as eventsRoute } from '@/app/api/Notification/Events/route';
import { GET as listRoute } from '@/app/api/Notification/List/route';
import { POST as markReadRoute } from '@/app/api/Notification/MarkRead/route';
import { emailOutbox, sessions, userJobAlerts, userNews, users } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { userPrincipal } from '@/lib/core/principal';
import { issueInvoice } from '@/lib/invoices/issue';
import { invoiceIssueSchema } from '@/lib/invoices/issue-schema';
import { useTestDatabase } from '@/test/db';
import { makeClient, makeJob, signedIn, signedInStaff } from '@/test/factories';
import { attachJobFile } from './files';
import {
  bellOf,
  decodePosition,
  markNewsRead,
  newsPositionNow,
  publishJobNews,
  readNewsAfter,
  unreadNewsCount,
} from './news';
import { getShellUserAndNews } from './shell';
import { newsEventStream } from './news-stream';
import { changeJobStatus } from './workflow';

const uid = () => Math.random().toString(36).slice(2, 10);

/** Reads an SSE stream until `until` matches what came, or `ms` passed; answers the text. */
async function readUntil(
  stream: ReadableStream<Uint8Array>,
  until: (text: string) => boolean,
  ms: number,
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (!until(text) && Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now()))),
      ]);
      if (next === null || next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

describe('news as it happens (lib/jobs/news.ts)', () => {
  const t = useTestDatabase();

  async function firm() {
    const client = await makeClient();
    const owner = await signedIn(3, client.id);
    const admin = await signedIn(4, client.id);
    await t.db().update(users).set({ jobAlertScope: 'firm' }).where(eq(users.id, admin.user.id));
    const job = await makeJob({ clientId: client.id, createdById: owner.user.id });
    return { client, owner, admin, job };
  }

  it('a status change by staff: every user of the firm gets the news, the bell of those it concerns, with the alert e-mail’s words; another firm nothing', async () => {
    const staff = await signedInStaff(2);
    const { owner, admin, job } = await firm();
    const colleague = await signedIn(3, owner.clientId);
    const other = await firm();
    await t.db().insert(userJobAlerts).values({ userId: owner.user.id, jobStatusId: 2 });
    const start = await newsPositionNow();

    await changeJobStatus(userPrincipal(staff.actor), job.id, { toStatus: 2 });

    const mine = await readNewsAfter(owner.actor, start);
    expect(mine.items).toHaveLength(1);
    const item = mine.items[0]!;
    expect(item).toMatchObject({
      kind: 'job.status_changed',
      status: 2,
      statusLabel: 'Started',
      title: `Job ${job.jmsNumber} is now Started`,
      inBell: true,
      read: false,
    });
    expect(item.href).toMatch(/^\/JobSlip\?jb=/);
    expect(mine.position).toBe(item.position);
    // The alert e-mail tells the same event in the same words.
    const [mail] = await t
      .db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.user.email), eq(emailOutbox.kind, 'job-alert')));
    expect(mail?.subject).toBe(item.title);

    // A colleague whose alerts cover their own jobs only: the row updates on their pages, the bell stays quiet.
    const theirs = await readNewsAfter(colleague.actor, start);
    expect(theirs.items.map((i) => i.inBell)).toEqual([false]);
    expect((await bellOf(colleague.actor)).items).toHaveLength(0);
    // The administrator chose the firm's jobs: in their bell.
    expect((await bellOf(admin.actor)).items.map((i) => i.title)).toEqual([item.title]);

    // Another firm: nothing, in the stream and in the bell.
    expect((await readNewsAfter(other.owner.actor, start)).items).toHaveLength(0);
    expect(await bellOf(other.owner.actor)).toEqual({ items: [], unread: 0 });

    // From the position it reached, nothing again; from a position taken now, nothing.
    expect((await readNewsAfter(owner.actor, mine.position)).items).toHaveLength(0);
    expect((await readNewsAfter(owner.actor, await newsPositionNow())).items).toHaveLength(0);
  });

  it('a file attached and an invoice issued are news too; positions deliver each once, in commit order', async () => {
    const staff = await signedInStaff(2);
    const { owner, job } = await firm();
    const start = await newsPositionNow();

    await attachJobFile(userPrincipal(staff.actor), job.id, {
      fileName: 'scan-output.pdf',
      contentType: 'application/pdf',
      body: [Buffer.from('%PDF-1.7 output')],
    });
    const number = `INV-${uid()}`;
    await issueInvoice(
      userPrincipal(staff.actor),
      invoiceIssueSchema.parse({
        ClientId: owner.clientId,
        InvoiceNumber: number,
        JobNumbers: job.jmsNumber,
        IssueDate: '2026-11-20',
        DueDate: '2026-12-20',
        CurrencyCode: 'aud',
        Lines: [{ ExtStockId: 'ez999', Description: 'Black and white A4', Quantity: '100', Amount: '12.00' }],
      }),
    );

    const first = await readNewsAfter(owner.actor, start, 1);
    expect(first.items.map((i) => i.title)).toEqual([`A file was added to job ${job.jmsNumber}: scan-output.pdf`]);
    const second = await readNewsAfter(owner.actor, first.position);
    expect(second.items.map((i) => [i.kind, i.title])).toEqual([
      ['invoice.issued', `Invoice ${number} has been issued`],
    ]);
    expect(second.items[0]!.href).toMatch(/^\/InvoiceSlip/);
    const bell = await bellOf(owner.actor);
    expect(bell.unread).toBe(2);
    expect(bell.items.map((i) => i.kind)).toEqual(['invoice.issued', 'job.file_added']);
  });

  it('mark read: one line, then all; another user’s ids change nothing', async () => {
    const staff = await signedInStaff(2);
    const { owner, job } = await firm();
    const other = await firm();
    await changeJobStatus(userPrincipal(staff.actor), job.id, { toStatus: 2 });
    await changeJobStatus(userPrincipal(staff.actor), job.id, { toStatus: 7 });
    await changeJobStatus(userPrincipal(staff.actor), other.job.id, { toStatus: 2 });
    const bell = await bellOf(owner.actor);
    expect(bell.unread).toBe(2);
    const foreign = (await bellOf(other.owner.actor)).items.map((i) => i.id);
    // Another firm's user naming this user's lines: nothing changes for anyone.
    expect(
      await markNewsRead(
        other.owner.actor,
        bell.items.map((i) => i.id),
      ),
    ).toBe(1);
    expect(await unreadNewsCount(owner.actor)).toBe(2);

    expect(await markNewsRead(owner.actor, [bell.items[0]!.id, ...foreign])).toBe(1);
    expect((await bellOf(owner.actor)).items.map((i) => i.read)).toEqual([true, false]);
    expect(await unreadNewsCount(other.owner.actor)).toBe(1);
    // What a signed-in page starts from, in the shell's one statement: the same position and count as the two calls;
    // staff have none.
    expect((await getShellUserAndNews(owner.actor)).news).toEqual({ since: await newsPositionNow(), unread: 1 });
    expect((await getShellUserAndNews(staff.actor)).news).toBeNull();
    expect(await markNewsRead(owner.actor)).toBe(0);
    expect((await getShellUserAndNews(owner.actor)).news).toEqual({ since: await newsPositionNow(), unread: 0 });
    expect((await getShellUserAndNews(other.owner.actor)).news?.unread).toBe(1);
  });

  it('the event stream: the news arrives as an SSE message with its position as id; another firm’s stream stays quiet', async () => {
    const staff = await signedInStaff(2);
    const { owner, job } = await firm();
    const other = await firm();
    const from = await newsPositionNow();
    const ours = newsEventStream(owner.actor, from);
    const theirs = newsEventStream(other.owner.actor, from);
    const reading = readUntil(ours, (s) => s.includes('event: news'), 8000);
    const quiet = readUntil(theirs, (s) => s.includes('event: news'), 4000);
    await new Promise((r) => setTimeout(r, 200));
    const began = Date.now();
    await changeJobStatus(userPrincipal(staff.actor), job.id, { toStatus: 2 });
    const text = await reading;
    // NOTIFY wakes the stream at commit: well before its next poll (LIVE_POLL_MS, 3 s).
    expect(Date.now() - began).toBeLessThan(1500);
    expect(text).toMatch(/^retry: \d+/);
    const message = /id: (\S+)\nevent: news\ndata: (.+)\n\n/.exec(text);
    expect(message).not.toBeNull();
    const data = JSON.parse(message![2]!) as { title: string; position: string };
    expect(data.title).toBe(`Job ${job.jmsNumber} is now Started`);
    expect(message![1]).toBe(data.position);
    expect(decodePosition(message![1]!).seq).toBeGreaterThan(decodePosition(from).seq);
    expect(await quiet).not.toContain('event: news');
  });

  it('through the door: the poll answers JSON from since or Last-Event-ID, a bad position is a 400, staff and strangers are refused', async () => {
    const staff = await signedInStaff(2);
    const { owner, job } = await firm();
    const from = await newsPositionNow();
    await changeJobStatus(userPrincipal(staff.actor), job.id, { toStatus: 2 });
    const auth = (token: string, extra: Record<string, string> = {}) => ({
      headers: { authorization: `Bearer ${token}`, ...extra },
    });
    const ctx = { params: Promise.resolve({}) };

    const polled = await eventsRoute(
      new Request(`http://localhost/api/Notification/Events?since=${from}`, auth(owner.token)),
      ctx,
    );
    expect(polled.status).toBe(200);
    const body = (await polled.json()) as { items: { title: string; position: string }[]; position: string };
    expect(body.items.map((i) => i.title)).toEqual([`Job ${job.jmsNumber} is now Started`]);
    const resumed = await eventsRoute(
      new Request(
        'http://localhost/api/Notification/Events?since=0_0',
        auth(owner.token, { 'Last-Event-ID': body.position }),
      ),
      ctx,
    );
    expect(((await resumed.json()) as { items: unknown[] }).items).toEqual([]);

    const bad = await eventsRoute(
      new Request('http://localhost/api/Notification/Events?since=nonsense', auth(owner.token)),
      ctx,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields.since).toEqual([
      'The position is not one this stream gave out.',
    ]);
    expect(
      (await eventsRoute(new Request('http://localhost/api/Notification/Events', auth(staff.token)), ctx)).status,
    ).toBe(403);
    expect((await eventsRoute(new Request('http://localhost/api/Notification/Events'), ctx)).status).toBe(401);

    const stream = await eventsRoute(
      new Request(
        `http://localhost/api/Notification/Events?since=${from}`,
        auth(owner.token, { Accept: 'text/event-stream' }),
      ),
      ctx,
    );
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(await readUntil(stream.body!, (s) => s.includes('event: news'), 5000)).toContain(
      `Job ${job.jmsNumber} is now Started`,
    );

    const list = (await (
      await listRoute(new Request('http://localhost/api/Notification/List', auth(owner.token)), ctx)
    ).json()) as { unread: number; items: { id: number }[] };
    expect(list.unread).toBe(1);
    const marked = await markReadRoute(
      new Request('http://localhost/api/Notification/MarkRead', {
        method: 'POST',
        ...auth(owner.token, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ ids: [list.items[0]!.id] }),
      }),
      ctx,
    );
    expect(await marked.json()).toEqual({ unread: 0 });
    expect(
      await t.db().select({ readAt: userNews.readAt }).from(userNews).where(eq(userNews.id, list.items[0]!.id)),
    ).toEqual([{ readAt: expect.any(Date) }]);
  });

  it('the stream and its poll are not the user’s activity: they do not keep an idle session open; the bell is', async () => {
    const { owner } = await firm();
    const seen = async () =>
      (
        await t.db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, owner.actor.sessionId))
      )[0]!.at.getTime();
    const before = await seen();
    const clock = fixedClock(new Date(before + 5 * 60_000));
    const restore = setClock(clock);
    try {
      const auth = { headers: { authorization: `Bearer ${owner.token}` } };
      const ctx = { params: Promise.resolve({}) };
      expect((await eventsRoute(new Request('http://localhost/api/Notification/Events', auth), ctx)).status).toBe(200);
      expect(await seen()).toBe(before);
      expect((await listRoute(new Request('http://localhost/api/Notification/List', auth), ctx)).status).toBe(200);
      expect(await seen()).toBe(before + 5 * 60_000);
    } finally {
      restore();
    }
  });

  it('a change a client user made themselves (a new order): their pages hear of it, their bell does not; a watcher of the firm’s jobs does', async () => {
    const { owner, admin, job } = await firm();
    const start = await newsPositionNow();
    await t.db().transaction((tx) =>
      publishJobNews(tx, {
        kind: 'job.status_changed',
        byUserId: owner.user.id,
        jobId: job.id,
        clientId: owner.clientId,
        jmsNumber: job.jmsNumber,
        orderType: job.orderType,
        matterReference: job.matterReference,
        description: job.description,
        status: 12,
        comment: null,
        at: new Date(),
      }),
    );
    expect((await readNewsAfter(owner.actor, start)).items.map((i) => [i.title, i.inBell])).toEqual([
      [`Job ${job.jmsNumber} is now Submitted`, false],
    ]);
    expect((await bellOf(admin.actor)).items.map((i) => i.title)).toEqual([`Job ${job.jmsNumber} is now Submitted`]);
  });

  it('a user without news has an empty bell; staff have no bell (403)', async () => {
    const { actor } = await signedIn(3);
    expect(await unreadNewsCount(actor)).toBe(0);
    expect(await bellOf(actor)).toEqual({ items: [], unread: 0 });
    const staff = await signedInStaff(1);
    await expect(bellOf(staff.actor)).rejects.toMatchObject({ status: 403 });
  });
});
