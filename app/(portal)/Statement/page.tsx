/**
 * /Statement: the firm's statement of account for its administrator: opening balance, invoices,
 * payments, running and closing balance, ageing; downloads as PDF and CSV; "Pay all" when the payments page takes
 * several invoices at once. ?from=yyyy-MM-dd starts the period (default a year ago).
 */
import type { Metadata } from 'next';
import { StatementView } from '@/components/invoices/StatementView';
import { requirePageClientActor } from '@/lib/auth/page';
import { isCalendarDate } from '@/lib/core/calendar-date';
import { presentStatement } from '@/lib/invoices/statement-present';
import { statementFor } from '@/lib/invoices/statement';
import { CLIENT_ADMIN_ROLE } from '@/lib/reference';

export const metadata: Metadata = { title: 'Statement of account' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StatementPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requirePageClientActor([CLIENT_ADMIN_ROLE]);
  const sp = await searchParams;
  const from = typeof sp.from === 'string' && isCalendarDate(sp.from) ? sp.from : null;
  const view = presentStatement(await statementFor(actor, { from }));
  return <StatementView s={view} />;
}
