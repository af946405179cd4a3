/**
 * A client's price list and payment terms (/Ops/Invoices/Prices; PUT /api/v1/clients/{clientId}/prices):
 * ONE schema for the staff form, its server action, the service and the API. Browser-safe.
 * A price is per order type: the stock code and description of the invoice line it makes, and a unit price before
 * GST (up to four decimals, e.g. 0.1250 a sheet).
 */
import { z } from 'zod';
import { ORDER_TYPES } from '@/lib/reference';
import { formText } from '@/lib/validation';

export const PRICE_MSG = {
  terms: 'Please enter the payment terms as a whole number of days from 0 to 365.',
  orderType: 'Please choose an order type.',
  stockCode: 'A stock code may contain only letters, digits and - (up to 20 characters).',
  unitPrice: 'Please enter a unit price with at most four decimals (e.g. 0.1250).',
  duplicate: 'Each order type may have one price.',
} as const;

export const priceRowSchema = z.object({
  OrderType: z.coerce
    .number({ error: PRICE_MSG.orderType })
    .int()
    .refine((v) => ORDER_TYPES.some((t) => t.id === v), PRICE_MSG.orderType),
  ExtStockId: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => /^[A-Z0-9-]{1,20}$/.test(v), PRICE_MSG.stockCode),
  Description: formText(200),
  UnitPrice: z
    .union([z.string(), z.number()], { error: PRICE_MSG.unitPrice })
    .transform((v) => String(v).trim().replace(/,/g, '').replace(/^\$/, ''))
    .refine((v) => /^\d{1,8}(\.\d{1,4})?$/.test(v), PRICE_MSG.unitPrice),
});

export const priceListSchema = z
  .object({
    ClientId: z.number().int().min(1),
    PaymentTermsDays: z.coerce
      .number({ error: PRICE_MSG.terms })
      .int(PRICE_MSG.terms)
      .min(0, PRICE_MSG.terms)
      .max(365, PRICE_MSG.terms),
    /** Every price of the client: order types left out have no price. */
    Prices: z.array(priceRowSchema).max(ORDER_TYPES.length),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.Prices.forEach((p, i) => {
      if (seen.has(p.OrderType))
        ctx.addIssue({ code: 'custom', path: ['Prices', i, 'OrderType'], message: PRICE_MSG.duplicate });
      seen.add(p.OrderType);
    });
  });
export type PriceListInput = z.input<typeof priceListSchema>;
export type PriceList = z.output<typeof priceListSchema>;
