/**
 * What /api/v1 does with payments, voids, adjustment notes and price lists, over the one service of each: the
 * payment service (lib/invoices/payments.ts), lib/invoices/credit-notes.ts and the price list (lib/invoices/prices.ts). The API's camelCase names are mapped
 * onto the services' schemas, whose rules and messages hold.
 */
import type { z } from 'zod';
import { parseOrThrow } from '@/lib/core/errors';
import type { Principal } from '@/lib/core/principal';
import { creditNoteSchema, voidInvoiceSchema } from '@/lib/invoices/credit-note-schema';
import { issueCreditNote, listCreditNotes, voidInvoice } from '@/lib/invoices/credit-notes';
import { paymentSchema } from '@/lib/invoices/payment-schema';
import { recordPayment } from '@/lib/invoices/payments';
import { savePriceList } from '@/lib/invoices/prices';
import { priceListSchema } from '@/lib/invoices/prices-schema';
import {
  CREDIT_NOTES_DEFAULT_LIMIT,
  type creditNoteAnswer,
  type creditNoteBody,
  type creditNotesAnswer,
  type creditNotesQuery,
  type paymentAnswer,
  type paymentBody,
  type priceListAnswer,
  type priceListBody,
  type voidAnswer,
  type voidBody,
} from './schemas';

type ApiCaller = Principal & { kind: 'api-key' };

/** POST /api/v1/payments. */
export async function recordPaymentForApi(
  by: ApiCaller,
  body: z.output<typeof paymentBody>,
): Promise<z.input<typeof paymentAnswer>> {
  const input = parseOrThrow(paymentSchema, {
    InvoiceNumbers: body.invoiceNumbers,
    PaymentDate: body.paymentDate,
    Amount: body.amount,
    Reference: body.reference ?? '',
  });
  return recordPayment(by, input);
}

/** PUT /api/v1/clients/{clientId}/prices: replaces the client's price list and payment terms. */
export async function savePriceListForApi(
  by: ApiCaller,
  clientId: number,
  body: z.output<typeof priceListBody>,
): Promise<z.input<typeof priceListAnswer>> {
  const input = parseOrThrow(priceListSchema, {
    ClientId: clientId,
    PaymentTermsDays: body.paymentTermsDays,
    Prices: body.prices.map((p) => ({
      OrderType: p.orderType,
      ExtStockId: p.stockCode,
      Description: p.description,
      UnitPrice: p.unitPrice,
    })),
  });
  return savePriceList(by, input);
}

/** POST /api/v1/invoices/{invoiceNumber}/void. */
export async function voidInvoiceForApi(
  by: ApiCaller,
  invoiceNumber: string,
  body: z.output<typeof voidBody>,
): Promise<z.input<typeof voidAnswer>> {
  const input = parseOrThrow(voidInvoiceSchema, { InvoiceNumber: invoiceNumber, Reason: body.reason });
  const r = await voidInvoice(by, input);
  return { ...r, voidedAt: r.voidedAt.toISOString() };
}

/** POST /api/v1/invoices/{invoiceNumber}/credit-notes. */
export async function issueCreditNoteForApi(
  by: ApiCaller,
  invoiceNumber: string,
  body: z.output<typeof creditNoteBody>,
): Promise<z.input<typeof creditNoteAnswer>> {
  const input = parseOrThrow(creditNoteSchema, {
    InvoiceNumber: invoiceNumber,
    Amount: body.amount,
    Reason: body.reason,
  });
  return issueCreditNote(by, input);
}

/** GET /api/v1/credit-notes: adjustment notes in the order issued, a page at a time. */
export async function listCreditNotesForApi(
  by: ApiCaller,
  q: z.output<typeof creditNotesQuery>,
): Promise<z.input<typeof creditNotesAnswer>> {
  const limit = q.limit ?? CREDIT_NOTES_DEFAULT_LIMIT;
  const rows = await listCreditNotes(by, {
    clientId: q.clientId,
    invoiceNumber: q.invoiceNumber,
    after: q.after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    creditNotes: page.map(({ id: _, createdAt, ...n }) => ({ ...n, createdAt: createdAt.toISOString() })),
    next: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
