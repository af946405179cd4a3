/**
 * Where a validation failure sends the user (pure; the form acts on the answer): back to step one when a step-one
 * field is wrong, else to the detail step with the first invalid accordion section of the copy, print or scan
 * block opened (spec §5 "The first incomplete section opens and scrolls into view").
 */
import {
  COPY_SECTIONS,
  firstInvalidSection,
  PRINT_SECTIONS,
  SCAN_SECTIONS,
  STEP_ONE_FIELDS,
  type Section,
} from '@/lib/jobs/schema';

export type InstructionBlock = 'copyInstructions' | 'ePrintInstructions' | 'eScanInstructions';

const SECTIONS: Record<InstructionBlock, readonly Section[]> = {
  copyInstructions: COPY_SECTIONS,
  ePrintInstructions: PRINT_SECTIONS,
  eScanInstructions: SCAN_SECTIONS,
};

const isBlock = (s: string): s is InstructionBlock => s in SECTIONS;

/** Step-one fields, except the number of copies of types 1 and 2, which sits in their detail step. */
export function isStepOnePath(path: string, orderType: number | undefined): boolean {
  const root = path.split('.')[0] ?? '';
  if (root === 'numberOfCopies') return orderType !== 1 && orderType !== 2;
  return (STEP_ONE_FIELDS as readonly string[]).includes(root);
}

export interface ErrorPlacement {
  step: 1 | 2;
  /** The first invalid field (dotted path) in display order of its step, as far as the order is known. */
  focus: string;
  /** The accordion section to open, for copy, print and scan blocks. */
  section: { block: InstructionBlock; id: string } | null;
}

/** Dotted paths of a react-hook-form errors object (leaves are objects with a message or type). */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const node: Record<string, unknown> = { ...errors };
  if (prefix && (typeof node.message === 'string' || typeof node.type === 'string')) return [prefix];
  return Object.entries(node).flatMap(([k, v]) =>
    k === 'ref' || k === 'root' ? [] : errorPaths(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** Where to send the user for these invalid paths; null when there are none. */
export function placeErrors(paths: readonly string[], orderType: number | undefined): ErrorPlacement | null {
  if (paths.length === 0) return null;
  const stepOne = paths.filter((p) => isStepOnePath(p, orderType));
  const first = STEP_ONE_FIELDS.find((f) => stepOne.some((p) => p === f || p.startsWith(`${f}.`)));
  if (stepOne.length > 0) return { step: 1, focus: first ?? stepOne[0] ?? '', section: null };
  for (const block of Object.keys(SECTIONS)) {
    if (!isBlock(block)) continue;
    const fields = paths.filter((p) => p.startsWith(`${block}.`)).map((p) => p.split('.')[1] ?? '');
    const id = firstInvalidSection(SECTIONS[block], fields);
    if (id) {
      const section = SECTIONS[block].find((s) => s.id === id);
      const focus = section?.fields.find((f) => fields.includes(f)) ?? fields[0] ?? '';
      return { step: 2, focus: `${block}.${focus}`, section: { block, id } };
    }
  }
  return { step: 2, focus: paths[0] ?? '', section: null };
}
