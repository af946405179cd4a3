/**
 * The firm's billing contacts form (Settings, Billing contacts): ONE schema for the form in the browser and its
 * server action. Addresses one per line (commas and semicolons also separate them); empty: the firm's
 * administrators. Browser-safe.
 */
import { z } from 'zod';
import { isEmail } from '@/lib/validation-rules';

export const MAX_BILLING_CONTACTS = 10;

export const BILLING_CONTACTS_MSG = {
  invalid: (a: string) => `"${a}" is not an e-mail address.`,
  tooMany: `At most ${MAX_BILLING_CONTACTS} addresses.`,
  saved: 'The billing contacts were saved.',
  notSaved: 'The billing contacts were not saved. Please try again.',
} as const;

/** The addresses of the text, in order, each once (compared without regard to case). */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of text
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

export const billingContactsSchema = z.object({
  BillingContacts: z
    .string()
    .max(4000)
    .transform(splitAddresses)
    .superRefine((list, ctx) => {
      for (const a of list) if (!isEmail(a)) ctx.addIssue({ code: 'custom', message: BILLING_CONTACTS_MSG.invalid(a) });
      if (list.length > MAX_BILLING_CONTACTS) ctx.addIssue({ code: 'custom', message: BILLING_CONTACTS_MSG.tooMany });
    }),
});

export type BillingContactsInput = z.input<typeof billingContactsSchema>;
export type BillingContactsForm = z.output<typeof billingContactsSchema>;
