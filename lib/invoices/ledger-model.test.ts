/**
 * The ledger's rules under random histories (fast-check, 500 runs): sequences of invoices issued, part payments
 * over one to three invoices (applied in order, each up to what is left, as lib/invoices/payments.ts does),
 * adjustment notes (up to what is not yet credited, paid or not, as lib/invoices/credit-notes.ts allows) and voids
 * (of invoices with no payment), days passing between them. After every history the closing balance of the entries
 * equals the sum of what the invoices owe (the total of the ageing) less the credit a firm holds from a note on a
 * paid invoice, no invoice is paid (nor credited) beyond its total, a voided invoice owes nothing, and a statement
 * cut at any day (the entries before it as the opening balance) closes on the same balance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageingOf,
  bucketOf,
  creditHeldOf,
  daysPastDue,
  minusDays,
  owedOf,
  runningLines,
  voidCents,
  type LedgerEntry,
} from './ledger-model';

const START = '2026-01-01';
const plusDays = (date: string, n: number) => minusDays(date, -n);

type Op =
  | { kind: 'issue'; cents: number; dueIn: number | null; days: number }
  | { kind: 'pay'; picks: number[]; share: number; days: number }
  | { kind: 'credit'; pick: number; share: number; days: number }
  | { kind: 'void'; pick: number; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('issue' as const),
    cents: fc.integer({ min: 1, max: 2_000_000 }),
    dueIn: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    days: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    // The share of what the picked invoices owe, in thousandths (over 1000: more than they owe, refused).
    share: fc.integer({ min: 1, max: 1100 }),
    days: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 1000 }),
    days: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), days: fc.integer({ min: 0, max: 40 }) }),
);

interface Inv {
  id: number;
  issueDate: string;
  dueDate: string | null;
  amount: bigint;
  paid: bigint;
  credited: bigint;
  voided: boolean;
}

/** Plays a history: the invoices as they end, and the ledger's entries. */
function play(ops: readonly Op[]) {
  const invs: Inv[] = [];
  const entries: LedgerEntry[] = [];
  let day = START;
  let seq = 0;
  const owed = (i: Inv) => owedOf(i);
  for (const o of ops) {
    day = plusDays(day, o.days);
    seq += 1;
    if (o.kind === 'issue') {
      const inv: Inv = {
        id: seq,
        issueDate: day,
        dueDate: o.dueIn === null ? null : plusDays(day, o.dueIn),
        amount: BigInt(o.cents),
        paid: 0n,
        credited: 0n,
        voided: false,
      };
      invs.push(inv);
      entries.push({ date: day, kind: 'invoice', seq, reference: `I${seq}`, description: '', cents: inv.amount });
    } else if (invs.length === 0) {
      continue;
    } else if (o.kind === 'pay') {
      const picked = [...new Set(o.picks.map((p) => invs[p % invs.length]!))];
      // A payment names unpaid invoices that are not voided (the service refuses the others).
      if (picked.some((i) => i.voided || owed(i) === 0n)) continue;
      const owing = picked.reduce((s, i) => s + owed(i), 0n);
      const total = (owing * BigInt(o.share)) / 1000n;
      if (total <= 0n || total > owing) continue;
      let left = total;
      for (const i of picked) {
        const take = owed(i) < left ? owed(i) : left;
        i.paid += take;
        left -= take;
      }
      entries.push({ date: day, kind: 'payment', seq, reference: `P${seq}`, description: '', cents: -total });
    } else if (o.kind === 'credit') {
      // As lib/invoices/credit-notes.ts credits: up to what is not yet credited, paid or not (a price corrected
      // after payment leaves the firm in credit).
      const i = invs[o.pick % invs.length]!;
      const amount = ((i.amount - i.credited) * BigInt(o.share)) / 1000n;
      if (i.voided || amount <= 0n) continue;
      i.credited += amount;
      entries.push({ date: day, kind: 'credit', seq, reference: `C${seq}`, description: '', cents: -amount });
    } else {
      const i = invs[o.pick % invs.length]!;
      if (i.voided || i.paid > 0n) continue;
      entries.push({ date: day, kind: 'void', seq: i.id, reference: `I${i.id}`, description: '', cents: voidCents(i) });
      i.voided = true;
    }
  }
  return { invs, entries, lastDay: day };
}

describe('the ledger (property)', () => {
  it('closes on what the invoices owe, and never pays an invoice beyond its total', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 400 }), (ops, cut) => {
        const { invs, entries, lastDay } = play(ops);
        const lines = runningLines(0n, entries);
        const closing = lines.at(-1)?.balance ?? 0n;
        const owing = invs.map((i) => ({ dueDate: i.dueDate, owed: owedOf(i) }));
        const sumOwed = owing.reduce((s, o) => s + o.owed, 0n);
        const held = invs.reduce((s, i) => s + creditHeldOf(i), 0n);
        // What the firm owes, less what it has paid beyond it (a credit on a paid invoice); with no such credit,
        // the closing balance is exactly the sum of what the invoices owe.
        expect(closing).toBe(sumOwed - held);
        if (held === 0n) expect(closing).toBe(sumOwed);
        expect(ageingOf(lastDay, owing).total).toBe(sumOwed);
        for (const i of invs) {
          // No invoice is paid beyond its total, nor credited beyond it; an invoice owes or holds credit, not both.
          expect(i.paid).toBeLessThanOrEqual(i.amount);
          expect(i.credited).toBeLessThanOrEqual(i.amount);
          expect(owedOf(i) === 0n || creditHeldOf(i) === 0n).toBe(true);
          if (i.voided) expect(owedOf(i) + creditHeldOf(i)).toBe(0n);
        }
        // A statement from any day: the entries before it are its opening balance; it closes the same.
        const from = plusDays(START, cut);
        const opening = entries.filter((e) => e.date < from).reduce((s, e) => s + e.cents, 0n);
        const period = runningLines(
          opening,
          entries.filter((e) => e.date >= from),
        );
        expect(period.at(-1)?.balance ?? opening).toBe(closing);
      }),
      { numRuns: 500 },
    );
  });
});

describe('ageing by due date', () => {
  it('counts days past the due date, not from the issue date', () => {
    // Issued 45 days ago, due 30 days after issue: 15 days past due, current.
    expect(daysPastDue('2026-11-26', '2026-11-11')).toBe(15);
    expect(bucketOf(15)).toBe('current');
    expect(bucketOf(-5)).toBe('current');
    expect([29, 30, 59, 60, 89, 90, 400].map(bucketOf)).toEqual([
      'current',
      'days30',
      'days30',
      'days60',
      'days60',
      'days90',
      'days90',
    ]);
    expect(daysPastDue('2026-11-26', null)).toBe(0);
    expect(
      ageingOf('2026-11-26', [
        { dueDate: '2026-12-01', owed: 100n },
        { dueDate: '2026-10-20', owed: 200n },
        { dueDate: '2026-09-01', owed: 300n },
        { dueDate: '2026-01-01', owed: 400n },
        { dueDate: null, owed: 5n },
        { dueDate: '2026-01-01', owed: 0n },
      ]),
    ).toEqual({ current: 105n, days30: 200n, days60: 300n, days90: 400n, total: 1005n });
  });
});
