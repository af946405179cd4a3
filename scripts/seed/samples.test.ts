import { describe, expect, it } from 'vitest';
import { legacyBlockFields, toInstructionBlock } from '@/lib/jobs/instruction-block';
import { fromLegacyOrder } from '@/lib/jobs/legacy-order';
import { courtContext, makeJobOrderSchema } from '@/lib/jobs/schema';
import { ORDER_TYPES } from '@/lib/reference';
import { COURT_COPY_COURTS } from './reference';
import { SAMPLE_BLOCKS } from './samples';

const schema = makeJobOrderSchema({ now: new Date('2025-03-03T23:00:00Z'), timeZone: 'Australia/Sydney' });

/** A job as the generators write it (scripts/seed/jobs.ts): copies for 1, 2, 3 and 5, what-to-collect for 3 and 6. */
function body(type: number): Record<string, unknown> {
  return {
    OrderType: type,
    ContactName: 'Olivia Chen',
    Email: 'olivia.chen@example.com',
    ContactPhone: '(02)9000-1234',
    MatterReference: 'HV-2025-001',
    ClientBranchAddressId: 1,
    DateReadyInput: '04/03/2025',
    TimeReadyInput: '10:30 AM',
    DateDueInput: '05/03/2025',
    TimeDueInput: '09:00 AM',
    ...([1, 2, 3, 5].includes(type) ? { NumberOfCopies: 3 } : {}),
    ...([3, 6].includes(type) ? { WhatToCollect: '2 archive boxes from level 4' } : {}),
    ...legacyBlockFields(type, SAMPLE_BLOCKS[type]),
  };
}

/** The seeded court of the court copy sample, as the server merges it before parsing. */
function withSeededCourt(values: Record<string, unknown>, code: unknown): Record<string, unknown> {
  const court = COURT_COPY_COURTS.find((c) => c.code === code);
  if (!court || typeof values.courtCopy !== 'object' || values.courtCopy === null) return values;
  const flags = {
    EnablePhotocopyMethod: code !== 16,
    EnableScanMethod: code !== 16,
    EnableBothPhotocopyAndScanMethod: code !== 16 && code !== 11,
    EnableSCGen: court.scGen ?? false,
  };
  return { ...values, courtCopy: { ...values.courtCopy, ...courtContext(flags) } };
}

describe('sample instruction blocks of the demo data', () => {
  it('has one block per order type', () => {
    expect(Object.keys(SAMPLE_BLOCKS).map(Number).sort()).toEqual(ORDER_TYPES.map((t) => t.id));
  });

  it.each(ORDER_TYPES.map((t) => [t.name, t.id] as const))(
    '%s: parses with the job order schema and stores back unchanged',
    (_name, type) => {
      const sample = SAMPLE_BLOCKS[type];
      const values = withSeededCourt(fromLegacyOrder(body(type)), sample?.CourtNew);
      const result = schema.safeParse(values);
      expect(result.success ? [] : result.error.issues).toEqual([]);
      if (!result.success) return;
      expect(result.data.orderType).toBe(type);
      expect(toInstructionBlock(result.data)).toEqual(sample);
    },
  );

  it('fills the detail of every type that has one (the accordions are open)', () => {
    for (const type of [3, 5, 6]) expect(SAMPLE_BLOCKS[type]?.HasAdvancedInstructions).toBe(true);
    expect(SAMPLE_BLOCKS[2]).toMatchObject({ CopyMethod: 1, CourtNew: 3 });
  });
});
