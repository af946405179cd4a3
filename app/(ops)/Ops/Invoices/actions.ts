'use server';
/** Server actions of /Ops/Invoices: thin adapters over lib/invoices/issue.ts (policy invoices.manage). */
import { requestMeta, userPrincipal } from '@/lib/core/principal';
import { invoiceIssueSchema, invoiceNumberSchema } from '@/lib/invoices/issue-schema';
import { issueInvoice, markInvoicePaid } from '@/lib/invoices/issue';
import { opsAction } from '@/lib/ops/action';
import type { OpsResult } from '@/lib/ops/action-outcome';

export async function issueInvoiceAction(input: unknown): Promise<OpsResult<{ invoiceNumber: string }>> {
  return opsAction('invoices.manage', invoiceIssueSchema, input, async (a, form) => ({ invoiceNumber: (await issueInvoice(userPrincipal(a, await requestMeta()), form)).invoiceNumber }));
}

export async function markInvoicePaidAction(invoiceNumber: unknown): Promise<OpsResult> {
  return opsAction('invoices.manage', invoiceNumberSchema, invoiceNumber, async (a, n) => {
    await markInvoicePaid(userPrincipal(a, await requestMeta()), n);
    return null;
  });
}
