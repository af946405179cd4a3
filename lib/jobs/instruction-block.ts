/**
 * The stored instruction block of a job (jobs.instruction_block, spec §3 "plus one instruction block per type").
 *
 * A job stores exactly one block, the one of its order type, in the legacy PascalCase shape of api/Job/Add
 * (lib/jobs/legacy-order.ts) with a `kind` tag:
 *
 *   1 { kind: 'appealBook', prepare, FileNumber: 'a of b', MatterName: 'a vs b', ... }
 *   2 { kind: 'courtCopy', CopyMethod, Location, CourtNew, ... }
 *   3 { kind: 'copy', HasAdvancedInstructions, originalContainsAnyColor, ..., CopyStatus? }
 *   4, 7, 8 { kind: 'collection', CollectionDescription }
 *   5 { kind: 'print', HasAdvancedInstructions, ... }     6 { kind: 'scan', HasAdvancedInstructions, ... }
 *
 * Readers (job slip, api/Job/{id}, the clone form) turn it back into a legacy body with `legacyBlockFields`,
 * and from there into form values with `fromLegacyOrder`. Only validated orders are stored (saveJob), so a
 * stored block always parses again.
 */
import { toLegacyOrder } from './legacy-order';
import type { JobOrder } from './schema';
import { isRecord } from '@/lib/core/guards';

export type InstructionBlockKind = 'appealBook' | 'courtCopy' | 'copy' | 'collection' | 'print' | 'scan';

/** Per kind: the key of the block in the legacy payload. Collection blocks sit at the top level. */
const LEGACY_KEY: Record<Exclude<InstructionBlockKind, 'collection'>, string> = {
  appealBook: 'AppealBook',
  courtCopy: 'CourtCopy',
  copy: 'copyInstructions',
  print: 'ePrintInstructions',
  scan: 'eScanInstructions',
};

export function blockKind(orderType: number): InstructionBlockKind | null {
  switch (orderType) {
    case 1:
      return 'appealBook';
    case 2:
      return 'courtCopy';
    case 3:
      return 'copy';
    case 4:
    case 7:
    case 8:
      return 'collection';
    case 5:
      return 'print';
    case 6:
      return 'scan';
    default:
      return null;
  }
}

/** The block to store for a validated order (the chosen type's block only). */
export function toInstructionBlock(order: JobOrder): Record<string, unknown> {
  const kind = blockKind(order.orderType);
  const legacy = toLegacyOrder(order);
  if (kind === null) return {};
  if (kind === 'collection') {
    return legacy.CollectionDescription === undefined
      ? { kind }
      : { kind, CollectionDescription: legacy.CollectionDescription };
  }
  const block = legacy[LEGACY_KEY[kind]];
  const out: Record<string, unknown> = { kind, ...(isRecord(block) ? block : {}) };
  if (kind === 'copy' && isRecord(legacy.CopyStatus)) out.CopyStatus = legacy.CopyStatus;
  return out;
}

/**
 * A stored block → the fields of a legacy api/Job/Add body that carry it (e.g. `{ AppealBook: {...} }`), for
 * `fromLegacyOrder`. A block of another kind than the order type (or no block) gives `{}`.
 */
export function legacyBlockFields(orderType: number, block: unknown): Record<string, unknown> {
  const kind = blockKind(orderType);
  if (kind === null || !isRecord(block) || block.kind !== kind) return {};
  const { kind: _kind, CopyStatus: _status, ...rest } = block;
  if (kind === 'collection')
    return rest.CollectionDescription === undefined ? {} : { CollectionDescription: rest.CollectionDescription };
  return { [LEGACY_KEY[kind]]: rest };
}
