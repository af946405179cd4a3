import { describe, expect, it } from 'vitest';
import { blockKind, legacyBlockFields, toInstructionBlock } from './instruction-block';
import { fromLegacyOrder } from './legacy-order';
import { makeJobOrderSchema, type JobOrderInput } from './schema';

const schema = makeJobOrderSchema({ now: new Date('2025-03-03T23:00:00Z'), timeZone: 'Australia/Sydney' });
const step: JobOrderInput = {
  contactName: 'Ann Lee',
  email: 'ann@example.com',
  contactPhone: '0299990000',
  matterReference: 'M-1',
  clientBranchAddressId: 7,
  dateReadyInput: '04/03/2025',
  timeReadyInput: '10:30 AM',
  dateDueInput: '05/03/2025',
  timeDueInput: '09:00 AM',
};

describe('stored instruction blocks', () => {
  it('keeps only the chosen type’s block, tagged with its kind', () => {
    const order = schema.parse({
      ...step,
      orderType: 8,
      collectionDescription: 'File at registry',
      ePrintInstructions: { accordionOpen: true },
    });
    expect(toInstructionBlock(order)).toEqual({ kind: 'collection', CollectionDescription: 'File at registry' });
    expect(toInstructionBlock(schema.parse({ ...step, orderType: 7 }))).toEqual({ kind: 'collection' });
  });

  it('stores an appeal book with the joined file number and matter name, and reads it back', () => {
    const input = {
      ...step,
      orderType: 1,
      numberOfCopies: 2,
      appealBook: {
        prepare: 2,
        fileNumberA: '12',
        fileNumberB: '2025',
        matterNameA: 'A',
        matterNameB: 'B',
        serviceTo: [2],
        serviceAddress: '1 George St',
      },
    };
    const block = toInstructionBlock(schema.parse(input));
    expect(block).toMatchObject({ kind: 'appealBook', FileNumber: '12 of 2025', MatterName: 'A vs B', ServiceTo: [2] });
    const values = fromLegacyOrder({ OrderType: 1, ...legacyBlockFields(1, block) });
    expect(values.appealBook).toMatchObject({
      prepare: 2,
      fileNumberA: '12',
      fileNumberB: '2025',
      matterNameA: 'A',
      matterNameB: 'B',
      serviceAddress: '1 George St',
    });
  });

  it('keeps the copy section flags with a copy block but never reads them back as instructions', () => {
    const order = schema.parse({
      ...step,
      orderType: 3,
      numberOfCopies: 1,
      whatToCollect: 'Box',
      copyInstructions: { accordionOpen: false },
    });
    const block = toInstructionBlock(order);
    expect(block).toEqual({ kind: 'copy', HasAdvancedInstructions: false, excludeFromNumbering: [] });
    expect(legacyBlockFields(3, { ...block, CopyStatus: { colour: true } })).toEqual({
      copyInstructions: { HasAdvancedInstructions: false, excludeFromNumbering: [] },
    });
  });

  it('ignores a block of another kind, no block and unknown types', () => {
    expect(legacyBlockFields(5, { kind: 'scan', scanFileNaming: 1 })).toEqual({});
    expect(legacyBlockFields(5, null)).toEqual({});
    expect(legacyBlockFields(9, { kind: 'print' })).toEqual({});
    expect(blockKind(0)).toBeNull();
  });
});
