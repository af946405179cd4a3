/**
 * The mail outbox's claims across instances: an instance that dies right after claiming leaves its messages to
 * the others within 15 s, and a live instance keeps the messages it works on however long a send takes.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { claimDue, renewLeases, whileLeased, type WorkTable } from '@/lib/core/queue';
import { useTestDatabase } from '@/test/db';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { enqueueMail } from './outbox';
import { MAIL_BATCH, OUTBOX, processOutboxOnce } from './worker';

describe('mail outbox claims across instances', () => {
  const t = useTestDatabase();
  let smtp: TestSmtp;
  let restore: () => void = () => undefined;

  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  afterEach(async () => {
    restore();
    restore = () => undefined;
    await t.db().delete(emailOutbox);
  });

  async function enqueue(prefix: string, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 1; i <= n; i++) {
      const { id } = await enqueueMail(t.db(), {
        to: `${prefix}${i}@example.com`,
        kind: 'test',
        props: { name: `${prefix} ${i}` },
      });
      ids.push(id);
    }
    return ids;
  }

  describe('an instance killed right after claiming mail', () => {
    it('leaves every message it claimed to another instance within 15 s, each delivered once', async () => {
      const clock = fixedClock('2026-11-20T09:00:00Z');
      restore = setClock(clock);
      const ids = await enqueue('abandoned', 8);

      // Instance A claims as its worker does, then dies: it never sends, settles or renews anything.
      const abandoned = await claimDue(t.db(), OUTBOX, { batch: MAIL_BATCH });
      expect(abandoned.length).toBeGreaterThan(0);

      // Instance B's timer runs every 2 s; by 15 s after A's claim every message has left, none twice.
      const before = smtp.received.length;
      for (let s = 2; s <= 15; s += 2) {
        clock.set(new Date(Date.parse('2026-11-20T09:00:00Z') + s * 1000));
        await processOutboxOnce({ smtpUrl: smtp.url });
      }
      const rows = await t.db().select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
      expect(rows.map((r) => r.status)).toEqual(Array(8).fill('sent'));
      const got = smtp.received.slice(before).flatMap((m) => m.to);
      expect(got.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `abandoned${i + 1}@example.com`).sort());
    });
  });

  describe('leases renewed while working', () => {
    it('a renewal holds the rows past the first lease; a later claim by another makes the old holder lose them', async () => {
      const clock = fixedClock('2026-11-20T10:00:00Z');
      restore = setClock(clock);
      const ids = await enqueue('renewed', 2);
      const mine = await claimDue(t.db(), OUTBOX, { batch: 10 });
      expect(mine.map((c) => c.id)).toEqual(ids);

      clock.advance(8_000);
      expect([...(await renewLeases(t.db(), OUTBOX, mine))].sort((a, b) => a - b)).toEqual(ids);
      clock.advance(8_000); // 16 s after the claim: past the first lease, inside the renewed one
      expect(await claimDue(t.db(), OUTBOX, { batch: 10 })).toEqual([]);

      clock.advance(11_000); // the holder stopped renewing: another claims them, one attempt more
      const theirs = await claimDue(t.db(), OUTBOX, { batch: 10 });
      expect(theirs.map((c) => [c.id, c.attempts])).toEqual(ids.map((id) => [id, 2]));
      expect(await renewLeases(t.db(), OUTBOX, mine)).toEqual(new Set());
    });

    it('a live worker keeps its rows while its work outlasts the lease', async () => {
      const short: WorkTable = { table: 'email_outbox', leaseMs: 600 };
      await enqueue('slow', 1);
      const mine = await claimDue(t.db(), short, { batch: 1 });
      expect(mine).toHaveLength(1);
      const takenMeanwhile = await whileLeased(t.db(), short, mine, async () => {
        await new Promise((r) => setTimeout(r, 1_500));
        return claimDue(t.db(), short, { batch: 1 });
      });
      expect(takenMeanwhile).toEqual([]);
    });
  });
});
