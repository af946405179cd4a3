/**
 * The firms the reports' db tests start from (lib/reports/*.db.test.ts), on 20 November 2026 in Sydney (their
 * administrators' zone): a firm's administrator with a Print job logged on 3 November, a Scan job on 10 October
 * and a job at 00:00 on 1 November in Sydney (still 31 October in UTC); and another firm's administrator.
 * Restore the clock with the returned function. And a staff operator who voids and credits invoices.
 */
import { fixedClock, setClock } from '@/lib/clock';
import { userPrincipal } from '@/lib/core/principal';
import { creditNoteSchema, voidInvoiceSchema } from '@/lib/invoices/credit-note-schema';
import { issueCreditNote, voidInvoice } from '@/lib/invoices/credit-notes';
import { makeJob, signedIn } from './factories';
import { staffActor } from './staff';

export async function reportFirms() {
  const restore = setClock(fixedClock('2026-11-20T01:00:00Z'));
  const admin = await signedIn(4);
  const other = await signedIn(4);
  const c = admin.clientId;
  const print = await makeJob({ clientId: c, orderType: 5, createdAt: new Date('2026-11-03T00:00:00Z') });
  const scan = await makeJob({ clientId: c, orderType: 6, createdAt: new Date('2026-10-10T00:00:00Z') });
  await makeJob({ clientId: c, createdAt: new Date('2026-10-31T14:00:00Z') });
  return { restore, admin, other, c, print, scan };
}

/** A staff operator who voids invoices and issues adjustment notes through the invoice services. */
export async function invoiceAdjuster() {
  const by = userPrincipal(await staffActor(2));
  return {
    voidInvoice: (InvoiceNumber: string) =>
      voidInvoice(by, voidInvoiceSchema.parse({ InvoiceNumber, Reason: 'Issued twice' })),
    credit: (InvoiceNumber: string, Amount: string) =>
      issueCreditNote(by, creditNoteSchema.parse({ InvoiceNumber, Amount, Reason: 'Pages charged twice' })),
  };
}
