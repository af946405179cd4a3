/** Reference data every database needs (idempotent: inserts only what is missing). */
import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import {
  buildDetails,
  contextualHelp,
  countries,
  branches,
  courts,
  jobStatuses,
  locations,
  orderTypes,
  physicalMediaTypes,
} from '@/db/schema';
import { JOB_STATUSES, ORDER_TYPES, PHYSICAL_MEDIA_TYPES } from '@/lib/reference';
import { JOB_TEXT_FIELDS } from '@/lib/job-fields';

export const COURT_COPY_COURTS: { code: number; name: string; scGen?: boolean; filing?: boolean; message?: string }[] =
  [
    { code: 1, name: 'Supreme Court', scGen: true, filing: true },
    { code: 2, name: 'Federal Court of Australia', filing: true },
    { code: 3, name: 'District Court' },
    { code: 4, name: 'Local Court' },
    { code: 5, name: 'Land and Environment Court' },
    { code: 6, name: 'Family Court' },
    {
      code: 7,
      name: 'Federal Circuit and Family Court',
      message: 'Subpoenaed material at this registry must be booked 48 hours ahead.',
    },
    { code: 8, name: 'Industrial Relations Commission' },
    { code: 9, name: 'Civil and Administrative Tribunal' },
    { code: 10, name: 'Coroners Court' },
    { code: 11, name: 'Workers Compensation Commission (WCC)' },
    { code: 12, name: 'Court of Appeal', scGen: true },
    { code: 13, name: 'High Court of Australia' },
    { code: 14, name: "Children's Court" },
    { code: 15, name: 'Dust Diseases Tribunal' },
    { code: 16, name: 'Other' },
  ];

export const APPEAL_BOOK_COURTS = [
  { code: 1, name: 'Court of Appeal' },
  { code: 2, name: 'Court of Criminal Appeal' },
  { code: 3, name: 'Full Court of the Federal Court' },
  { code: 4, name: 'High Court of Australia' },
  { code: 5, name: 'Full Court of the Family Court' },
  { code: 6, name: 'Other' },
];

export const HELP_TEXTS: Record<string, string> = {
  OrderType: 'Choose the kind of work: each type asks for its own details on the next step.',
  ContactName: 'The person we contact about this job. Pre-filled from your profile.',
  ContactPhone: 'A phone number we can reach during business hours.',
  AfterHourContactNumber: 'Required when you order outside weekdays 07:00–15:59, so we can reach you after hours.',
  CostEstimateNumber: 'The number of an approved cost estimate for your firm, if the job was quoted.',
  MatterReference: 'Your internal matter or file reference. Start typing to see earlier references.',
  Address: 'The branch address we collect from and deliver to.',
  ...Object.fromEntries(JOB_TEXT_FIELDS.map((f) => [f.helpKey, f.help])),
  DateReady: 'When the material is ready for us to collect or start.',
  DateDue: 'When you need the job delivered.',
  Instructions: 'Anything our team should know. Up to 1000 characters.',
  NumberOfCopies: 'How many sets to produce.',
  WhatToCollect: 'Describe the material we should collect: boxes, folders, devices.',
  SourceFile: 'Attach one source file of up to 50 MB.',
};

export async function seedReference(q: Queryable): Promise<void> {
  await q
    .insert(jobStatuses)
    .values(JOB_STATUSES.map((s, i) => ({ id: s.id, label: s.label, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await q
    .insert(orderTypes)
    .values(ORDER_TYPES.map((t) => ({ id: t.id, name: t.name })))
    .onConflictDoNothing();
  await q
    .insert(physicalMediaTypes)
    .values(PHYSICAL_MEDIA_TYPES.map((m) => ({ id: m.id, name: m.name })))
    .onConflictDoNothing();
  await q
    .insert(contextualHelp)
    .values(Object.entries(HELP_TEXTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();

  const [{ n } = { n: 0 }] = await q.select({ n: sql<number>`count(*)::int` }).from(countries);
  if (n > 0) return;

  const [au] = await q.insert(countries).values({ name: 'Australia', showOnLoginPage: true }).returning();
  const [nz] = await q.insert(countries).values({ name: 'New Zealand', showOnLoginPage: true }).returning();
  if (!au || !nz) throw new Error('countries not seeded');
  const branchRows = await q
    .insert(branches)
    .values([
      { countryId: au.id, name: 'Sydney' },
      { countryId: au.id, name: 'Melbourne' },
      { countryId: au.id, name: 'Brisbane' },
      { countryId: nz.id, name: 'Auckland' },
    ])
    .returning();
  const branchId = (name: string) => branchRows.find((b) => b.name === name)?.id ?? null;

  const copyLocations = await q
    .insert(locations)
    .values([
      { kind: 'court_copy', text: 'Sydney CBD', branchId: branchId('Sydney') },
      { kind: 'court_copy', text: 'Parramatta', branchId: branchId('Sydney'), alternateBranch: true },
      { kind: 'court_copy', text: 'Melbourne CBD', branchId: branchId('Melbourne') },
      { kind: 'court_copy', text: 'Brisbane CBD', branchId: branchId('Brisbane') },
    ])
    .returning();
  const appealLocations = await q
    .insert(locations)
    .values([
      { kind: 'appeal_book', text: 'Sydney', branchId: branchId('Sydney') },
      { kind: 'appeal_book', text: 'Melbourne', branchId: branchId('Melbourne') },
      { kind: 'appeal_book', text: 'Brisbane', branchId: branchId('Brisbane') },
    ])
    .returning();

  const courtRows = copyLocations.flatMap((loc) =>
    COURT_COPY_COURTS.map((c) => ({
      jobType: 2,
      code: c.code,
      name: c.name,
      locationId: loc.id,
      enableFilingMethod: c.filing ?? false,
      enablePhotocopyMethod: c.code !== 16,
      enableScanMethod: c.code !== 16,
      enableBothPhotocopyAndScanMethod: c.code !== 16 && c.code !== 11,
      enableSCGen: c.scGen ?? false,
      enableMessage: Boolean(c.message),
      messageDescription: c.message ?? null,
    })),
  );
  const appealRows = appealLocations.flatMap((loc) =>
    APPEAL_BOOK_COURTS.map((c) => ({
      jobType: 1,
      code: c.code,
      name: c.name,
      locationId: loc.id,
      enablePhotocopyMethod: false,
      enableScanMethod: false,
      enableBothPhotocopyAndScanMethod: false,
    })),
  );
  await q.insert(courts).values([...courtRows, ...appealRows]);
  await q.insert(buildDetails).values({ buildNumber: '1', buildVersion: '1.0.0' });
}
