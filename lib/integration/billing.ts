/**
 * What /api/v1 does with payments and price lists, over the one service of each: the payment service
 * (lib/invoices/payments.ts) and the price list (lib/invoices/prices.ts). The API's camelCase names are mapped
 * onto the services' schemas, whose rules and messages hold.
 */
import type { z } from 'zod';
import { parseOrThrow } from '@/lib/core/errors';
import type { Principal } from '@/lib/core/principal';
import { paymentSchema } from '@/lib/invoices/payment-schema';
import { recordPayment } from '@/lib/invoices/payments';
import { savePriceList } from '@/lib/invoices/prices';
import { priceListSchema } from '@/lib/invoices/prices-schema';
import type { paymentAnswer, paymentBody, priceListAnswer, priceListBody } from './schemas';

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
