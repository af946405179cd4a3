import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { documents, jobStatusChanges } from '@/db/schema';
import { NotFoundError } from '@/lib/core/errors';
import { decodeParam } from '@/lib/encoding';
import { DEFAULT_JOB_QUERY, jobListBodySchema, toJobListBody } from '@/lib/jobs/list-schema';
import { matterHref } from '@/lib/jobs/links';
import { listJobs } from '@/lib/jobs/queries';
import { useTestDatabase } from '@/test/db';
import { makeInvoice, makeJob, signedIn } from '@/test/factories';
import { searchMatters } from './search';
import { getMatter } from './service';
import { presentMatter } from './present';
import { requireTenant } from '@/lib/core/tenancy';
import { jobFormContext } from '@/lib/jobs/form-context';
import { statusLabel } from '@/lib/reference';

describe('a matter', () => {
  useTestDatabase();

  it('shows exactly its jobs, invoices (totals in whole cents), files and status changes; another firm gets 404', async () => {
    const me = await signedIn(3);
    const other = await signedIn(3);
    const ref = 'Smith & Co — 50% "share"/deal';
    const j1 = await makeJob({ clientId: me.clientId, matterReference: ref, description: 'Brief bundle' });
    const j2 = await makeJob({ clientId: me.clientId, matterReference: ref, status: 8, deliveredAt: new Date() });
    await makeJob({ clientId: me.clientId, matterReference: `${ref} (appeal)` }); // a longer reference: another matter
    await makeJob({ clientId: me.clientId, matterReference: ref.toUpperCase() }); // case matters
    await makeJob({ clientId: other.clientId, matterReference: ref }); // the same reference at another firm
    const line = (price: string) => [{ extStockId: 'X1', quantity: '1', unitPrice: price }];
    await makeInvoice({ clientId: me.clientId, matterReference: ref, lines: line('100.10'), isPaid: true });
    await makeInvoice({ clientId: me.clientId, matterReference: ref, lines: line('20.05') });
    await makeInvoice({ clientId: other.clientId, matterReference: ref, lines: line('999') });
    // A void invoice bills nothing; an adjustment note takes what it credited off the billed and the owed.
    await makeInvoice({
      clientId: me.clientId,
      matterReference: ref,
      lines: line('500'),
      voidedAt: new Date(),
      voidReason: 'Wrong matter',
      isPaid: true,
    });
    await makeInvoice({ clientId: me.clientId, matterReference: ref, lines: line('40'), amountCredited: '15.00' });
    const db = await getDb();
    await db.insert(documents).values({
      clientId: me.clientId,
      jobId: j2.id,
      storageKey: randomUUID(),
      fileName: 'final.pdf',
      size: 2048,
      kind: 'deliverable',
    });
    await db.insert(documents).values({
      clientId: me.clientId,
      jobId: j1.id,
      storageKey: randomUUID(),
      fileName: 'gone.pdf',
      size: 1,
      kind: 'source',
      deletedAt: new Date(),
    });
    await db
      .insert(jobStatusChanges)
      .values({ jobId: j2.id, clientId: me.clientId, fromStatus: 12, toStatus: 8, changedByName: 'Sam Staff' });

    const m = await getMatter(me.actor, ref);
    expect(m.invoices.map((i) => [i.amount, i.isVoid]).sort()).toEqual([
      ['100.10', false],
      ['20.05', false],
      ['40.00', false],
      ['500.00', true],
    ]);
    // Billed 100.10 + 20.05 + (40.00 − 15.00 credited); owed 20.05 + 25.00; paid the rest.
    expect(m.totals).toEqual([{ currencyCode: 'AUD', billed: 14515, paid: 10010, owed: 4505 }]);
    expect(m.files.map((f) => f.fileName)).toEqual(['final.pdf']);
    expect(
      m.timeline.flatMap((e) => (e.kind === 'status' ? [[e.jmsNumber, e.fromStatus, e.toStatus, e.by]] : [])),
    ).toEqual([[j2.jmsNumber, 12, 8, 'Sam Staff']]);
    expect(
      m.timeline
        .filter((e) => e.kind === 'ordered')
        .map((e) => e.jmsNumber)
        .sort(),
    ).toEqual([j1.jmsNumber, j2.jmsNumber].sort());
    // j2's delivery is told by its status change, not twice.
    expect(m.timeline.filter((e) => e.kind === 'delivered')).toEqual([]);

    // Its jobs: the job list with the exact matter filter, and the export body carries it.
    const query = { ...DEFAULT_JOB_QUERY, matterExact: ref };
    const jobsOf = await listJobs(me.actor, query, { page: 1, size: 10 });
    expect(jobsOf.rows.map((r) => r.id).sort()).toEqual([j1.id, j2.id].sort());
    expect(jobsOf.totalCount).toBe(2);
    expect(jobListBodySchema.parse(toJobListBody(query)).matterExact).toBe(ref);

    // The link encodes the free text safely and decodes back to it.
    const href = matterHref(ref)!;
    expect(decodeParam(new URL(href, 'http://x').searchParams.get('ref')!)).toBe(ref);

    await expect(getMatter(other.actor, `${ref} (appeal)`)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getMatter(me.actor, 'never used')).rejects.toBeInstanceOf(NotFoundError);
    const theirs = await getMatter(other.actor, ref);
    expect(theirs.totals).toEqual([{ currencyCode: 'AUD', billed: 99900, paid: 0, owed: 99900 }]);
  });

  it('its timeline tells the jobs ordered, their status changes and deliveries, and the invoices issued, newest first', async () => {
    const me = await signedIn(3);
    const ref = `Timeline ${randomUUID()}`;
    const day = (d: number) => new Date(Date.UTC(2026, 2, d, 9));
    const ordered = await makeJob({ clientId: me.clientId, matterReference: ref, createdAt: day(1) });
    // Delivered with no status change recorded (as imported jobs are): told by its delivery time.
    const done = await makeJob({
      clientId: me.clientId,
      matterReference: ref,
      createdAt: day(2),
      status: 8,
      deliveredAt: day(5),
    });
    const db = await getDb();
    await db.insert(jobStatusChanges).values({
      jobId: ordered.id,
      clientId: me.clientId,
      fromStatus: 12,
      toStatus: 1,
      changedByName: 'Sam Staff',
      createdAt: day(3),
    });
    const inv = await makeInvoice({
      clientId: me.clientId,
      matterReference: ref,
      jobId: done.id,
      jmsNumber: done.jmsNumber,
      issueDate: '2026-03-06',
      lines: [{ extStockId: 'X1', quantity: '1', unitPrice: '120.15' }],
    });

    const m = await getMatter(me.actor, ref);
    expect(m.timeline.map((e) => [e.kind, e.jmsNumber])).toEqual([
      ['invoice', done.jmsNumber],
      ['delivered', done.jmsNumber],
      ['status', ordered.jmsNumber],
      ['ordered', done.jmsNumber],
      ['ordered', ordered.jmsNumber],
    ]);
    const view = presentMatter(m, 'UTC').timeline;
    expect(view.map((e) => e.text)).toEqual([
      'Invoice issued',
      'Delivered',
      `${statusLabel(12)} → ${statusLabel(1)}`,
      'Ordered',
      'Ordered',
    ]);
    expect(view[0]?.invoice).toMatchObject({ number: inv.invoiceNumber, amount: '$120.15' });
    expect(view[0]?.at).toBe('06-Mar-2026');
  });

  it('is headed by its parties, else its description; "New job for this matter" opens the order form with it filled in', async () => {
    const me = await signedIn(3);
    const hour = 3_600_000;
    const ref = `Smith & Co/${randomUUID().slice(0, 6)}`;
    await makeJob({
      clientId: me.clientId,
      matterReference: ref,
      orderType: 2,
      instructionBlock: { kind: 'courtCopy', MatterName: 'Harbour Holdings vs Quayside' },
      createdAt: new Date(Date.now() - 2 * hour),
    });
    await makeJob({ clientId: me.clientId, matterReference: ref, description: 'Subpoena copies' });
    const m = await getMatter(me.actor, ref);
    expect(m.title).toBe('Harbour Holdings vs Quayside');
    const described = `D-${randomUUID().slice(0, 6)}`;
    await makeJob({ clientId: me.clientId, matterReference: described, description: 'Brief bundle' });
    expect((await getMatter(me.actor, described)).title).toBe('Brief bundle');
    const billedOnly = `B-${randomUUID().slice(0, 6)}`;
    await makeInvoice({ clientId: me.clientId, matterReference: billedOnly });
    expect((await getMatter(me.actor, billedOnly)).title).toBeNull();

    // The link, as the order page reads it: the new job's matter reference is this one, exactly.
    const href = presentMatter(m, 'Australia/Sydney').newJobHref;
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/SaveJob');
    const ctx = await jobFormContext(requireTenant(me.actor), null, url.searchParams.get('matter'));
    expect(ctx.values.matterReference).toBe(ref);
    expect((await jobFormContext(requireTenant(me.actor), null)).values.matterReference).toBeUndefined();
  });

  it('the search box finds matters, jobs and invoices of the caller firm only, by reference, party or description', async () => {
    const me = await signedIn(3);
    const other = await signedIn(3);
    await makeJob({ clientId: me.clientId, matterReference: 'HV-7731', description: 'Subpoena copies' });
    await makeJob({
      clientId: me.clientId,
      matterReference: 'HV-9000',
      orderType: 2,
      instructionBlock: { kind: 'courtCopy', MatterName: 'Harbour Holdings vs Quayside' },
    });
    await makeInvoice({ clientId: me.clientId, matterReference: 'HV-7731', invoiceNumber: `INV-${me.clientId}-1` });
    await makeInvoice({
      clientId: me.clientId,
      matterReference: 'HV-7731',
      invoiceNumber: `INV-${me.clientId}-2`,
      issueDate: '2020-01-01',
      voidedAt: new Date(),
      voidReason: 'Wrong matter',
      isPaid: true,
    });
    await makeJob({ clientId: other.clientId, matterReference: 'HV-7731-X', description: 'Subpoena copies' });

    const byRef = await searchMatters(me.actor, 'hv-77');
    expect(byRef.matters.map((h) => h.label)).toEqual(['HV-7731']);
    expect(byRef.jobs).toHaveLength(1);
    expect(byRef.invoices.map((h) => [h.label, h.detail.split(' · ').at(-1)])).toEqual([
      [`Invoice INV-${me.clientId}-1`, 'Unpaid'],
      [`Invoice INV-${me.clientId}-2`, 'Void'],
    ]);
    const byParty = await searchMatters(me.actor, 'quayside');
    expect(byParty.jobs.map((h) => h.detail)).toEqual([expect.stringContaining('Harbour Holdings vs Quayside')]);
    expect(byParty.matters.map((h) => h.label)).toEqual(['HV-9000']);
    const byDescription = await searchMatters(me.actor, 'subpoena');
    expect(byDescription.jobs).toHaveLength(1);
    expect(await searchMatters(me.actor, 'h')).toEqual({ matters: [], jobs: [], invoices: [] });
    expect((await searchMatters(me.actor, '%')).jobs).toEqual([]);
  });
});
