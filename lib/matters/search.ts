/**
 * The search box: the actor's client's matters, jobs and invoices whose matter reference, party name
 * (the "x vs y" matter name of a court copy or appeal book), description, job number or invoice number contains
 * the text, as the user types. Tenant-scoped (the client from the actor), bounded (SEARCH_LIMIT per group) and
 * served by the pg_trgm GIN indexes of those columns (migrations 0000 and 0016). The links are built here: ids
 * and references are encoded as spec §2 encodes ids.
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { invoices, jobs } from '@/db/schema';
import { tenantOf } from '@/lib/core/tenancy';
import type { Actor } from '@/lib/auth/actor';
import { invoiceSlipHref } from '@/lib/invoices/links';
import { now } from '@/lib/clock';
import { todayIn } from '@/lib/invoices/issue-date';
import { formatMoney } from '@/lib/invoices/money';
import { invoiceStatus } from '@/lib/invoices/status';
import { jobSlipHref, matterHref } from '@/lib/jobs/links';
import { containsPattern } from '@/lib/lists/contains';
import { statusLabel } from '@/lib/reference';
import { hasNul } from '@/lib/validation';

export const SEARCH_LIMIT = 6;
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;

/** The body of POST api/Matter/Search: { Query }. */
export const matterSearchSchema = z.object({
  Query: z
    .string({ error: 'must be text' })
    .max(SEARCH_MAX, `Please enter no more than ${SEARCH_MAX} characters.`)
    .refine((s) => !hasNul(s), 'must not contain NUL characters')
    .transform((s) => s.trim()),
});

const hit = z.object({ label: z.string(), detail: z.string(), href: z.string() });
export const matterSearchAnswer = z.object({ matters: z.array(hit), jobs: z.array(hit), invoices: z.array(hit) });
export type MatterSearchAnswer = z.infer<typeof matterSearchAnswer>;
export type SearchHit = z.infer<typeof hit>;

const PARTY = sql<string | null>`(${jobs.instructionBlock} ->> 'MatterName')`;

export async function searchMatters(actor: Actor, text: string): Promise<MatterSearchAnswer> {
  const clientId = tenantOf(actor);
  if (text.length < SEARCH_MIN) return { matters: [], jobs: [], invoices: [] };
  const db = await getDb();
  const pattern = containsPattern(text);
  const [jobRows, matterRows, invoiceRows] = await Promise.all([
    db
      .select({
        id: jobs.id,
        jmsNumber: jobs.jmsNumber,
        matterReference: jobs.matterReference,
        description: jobs.description,
        party: PARTY,
        status: jobs.status,
      })
      .from(jobs)
      .where(
        and(
          eq(jobs.clientId, clientId),
          or(
            ilike(jobs.matterReference, pattern),
            ilike(jobs.description, pattern),
            ilike(jobs.jmsNumber, pattern),
            sql`${PARTY} ilike ${pattern}`,
          ),
        ),
      )
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(SEARCH_LIMIT),
    // Matters: the references themselves (with the most recent job's party), newest first.
    db
      .select({
        matterReference: jobs.matterReference,
        last: sql<Date>`max(${jobs.createdAt})`,
        jobsN: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(
        db
          .select({ matterReference: jobs.matterReference, createdAt: jobs.createdAt })
          .from(jobs)
          .where(
            and(eq(jobs.clientId, clientId), or(ilike(jobs.matterReference, pattern), sql`${PARTY} ilike ${pattern}`)),
          )
          .orderBy(desc(jobs.createdAt))
          .limit(SEARCH_LIMIT * 20)
          .as('jobs'),
      )
      .groupBy(jobs.matterReference)
      .orderBy(sql`2 desc`)
      .limit(SEARCH_LIMIT),
    db
      .select({
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        matterReference: invoices.matterReference,
        amount: invoices.amount,
        currencyCode: invoices.currencyCode,
        isPaid: invoices.isPaid,
        voidedAt: invoices.voidedAt,
        dueDate: invoices.dueDate,
        amountPaid: invoices.amountPaid,
        amountCredited: invoices.amountCredited,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.clientId, clientId),
          or(
            ilike(invoices.matterReference, pattern),
            ilike(invoices.invoiceNumber, pattern),
            ilike(invoices.jmsNumber, pattern),
          ),
        ),
      )
      .orderBy(desc(invoices.issueDate), desc(invoices.id))
      .limit(SEARCH_LIMIT),
  ]);
  const today = todayIn(actor.timeZone, now());
  return {
    matters: matterRows.map((m) => ({
      label: m.matterReference,
      detail: `${m.jobsN}${m.jobsN >= SEARCH_LIMIT * 20 ? '+' : ''} recent ${m.jobsN === 1 ? 'job' : 'jobs'}`,
      href: matterHref(m.matterReference) ?? '',
    })),
    jobs: jobRows.map((j) => ({
      label: `Job ${j.jmsNumber}`,
      detail: [j.matterReference, j.party, j.description, statusLabel(j.status)].filter(Boolean).join(' · '),
      href: jobSlipHref(j.id),
    })),
    invoices: invoiceRows.map((i) => ({
      label: `Invoice ${i.invoiceNumber}`,
      detail: [
        i.matterReference,
        formatMoney(i.amount, i.currencyCode),
        invoiceStatus({
          ...i,
          isVoid: i.voidedAt !== null,
          overdue: !i.isPaid && i.dueDate !== null && i.dueDate < today,
        }),
      ]
        .filter(Boolean)
        .join(' · '),
      href: invoiceSlipHref(i),
    })),
  };
}
