import { describe, expect, it } from 'vitest';
import { byKey } from '@/lib/job-fields';
import { presentJobSlip } from './present';
import type { JobSlip } from './slip';
import { NO_BLOCK_NAMES } from './slip-fields';

const at = new Date('2026-03-02T00:00:00Z');

function slip(over: Partial<JobSlip>): JobSlip {
  return {
    id: 1,
    jmsNumber: '100001',
    projectId: null,
    clientId: 1,
    orderType: 4,
    status: 12,
    description: 'Court Copy – test',
    contactName: 'Ann Lee',
    email: 'ann@example.com',
    contactPhone: '0299990000',
    afterHourContactNumber: null,
    costEstimateNumber: null,
    matterReference: 'M-1',
    clientBranchAddressId: null,
    address: '1 George St, Sydney',
    ...byKey(() => null),
    processingCityId: null,
    readyAt: at,
    dueAt: at,
    deliveredAt: null,
    timeZone: 'Australia/Sydney',
    instructions: null,
    numberOfCopies: null,
    whatToCollect: null,
    internalInstructions: null,
    copyAsOriginal: false,
    copyInstructions: null,
    instructionBlock: null,
    lioNumber: null,
    matterType: null,
    sourceJobId: null,
    createdById: null,
    lastModifiedById: null,
    statusLastModifiedById: null,
    statusLastModifiedBy: null,
    createdAt: at,
    updatedAt: at,
    statusUpdatedAt: at,
    documents: [],
    deliverables: [],
    statusLabel: 'Job Logged',
    orderTypeName: 'Data Processing',
    clientName: 'Harbour Legal',
    processingCity: null,
    createdByName: null,
    lastModifiedByName: null,
    statusLastModifiedByName: null,
    sourceJobNumber: null,
    feedback: [],
    statusHistory: [],
    blockNames: NO_BLOCK_NAMES,
    ...over,
  };
}

const section = (s: JobSlip, title: string) =>
  presentJobSlip(s, [], 'Australia/Sydney').sections.find((x) => x.title === title);

describe('presentJobSlip: the instruction block section', () => {
  it('shows the block under the order type with the form’s labels and the names the service resolved, never raw keys or ids', () => {
    const job = slip({
      orderType: 2,
      orderTypeName: 'Court Copy',
      numberOfCopies: 2,
      instructionBlock: {
        kind: 'courtCopy',
        CopyMethod: 1,
        Location: 4,
        CourtNew: 7,
        ActingFor: 2,
        FileNumber: '12 of 2025',
        MatterName: 'A vs B',
      },
      blockNames: { location: 'Brisbane CBD', court: 'Federal Circuit and Family Court', physicalMedia: null },
    });
    expect(section(job, 'Court Copy instructions')?.rows).toEqual([
      { label: 'Location', value: 'Brisbane CBD' },
      { label: 'Court', value: 'Federal Circuit and Family Court' },
      { label: 'Acting for', value: 'Defendant / respondent' },
      { label: 'File number', value: '12 of 2025' },
      { label: 'Matter name', value: 'A vs B' },
      { label: 'Copy method', value: 'Photocopy' },
    ]);
    expect(section(job, 'Order')?.rows).toEqual([{ label: 'Number of copies', value: '2' }]);
  });

  it('a print job without advanced instructions says so; a job without a block has no block section', () => {
    const print = slip({
      orderType: 5,
      instructionBlock: { kind: 'print', HasAdvancedInstructions: false, insert: [] },
    });
    expect(section(print, 'Print instructions')?.rows).toEqual([
      { label: 'Give advanced print instructions', value: 'No' },
    ]);
    const none = presentJobSlip(slip({ orderType: 7, instructionBlock: { kind: 'collection' } }), [], 'UTC');
    expect(none.sections.map((s) => s.title)).toEqual(['Job', 'Contact', 'Pickup and delivery', 'Dates', 'Record']);
  });
});

describe('presentJobSlip: the status history', () => {
  it('names each change from and to, who made it and when, oldest first, in the viewer’s time zone', () => {
    const job = slip({
      statusHistory: [
        {
          id: 1,
          fromStatus: 1,
          toStatus: 2,
          changedByName: 'Oakley Operator',
          createdAt: new Date('2025-03-03T23:30:00Z'),
        },
        {
          id: 2,
          fromStatus: 2,
          toStatus: 3,
          changedByName: 'Integration API',
          createdAt: new Date('2025-03-04T01:00:00Z'),
        },
      ],
    });
    const history = presentJobSlip(job, [], 'Australia/Sydney').statusHistory;
    expect(history.map((h) => [h.from, h.to, h.by])).toEqual([
      ['Not Started', 'Started', 'Oakley Operator'],
      ['Started', expect.any(String), 'Integration API'],
    ]);
    expect(history[0]?.at).toBe('04-Mar-2025 10:30 AM');
  });
});
