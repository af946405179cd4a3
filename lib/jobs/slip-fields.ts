/**
 * What the job slip shows of each instruction block (spec §3 blocks, §4 form rules): per block kind, the fields
 * in the order the order form shows them, with the form's labels (components/jobs/order/*Fragment.tsx), and how
 * a reader sees each value: a code as its option label (lib/jobs/options.ts), a tick as Yes/No, text as is, an
 * "other" choice with its text ("Other: Federal Court Sydney"), a selection list as the names of the ticked
 * items, and ids of database rows (locations, courts, physical media) as the names the slip service resolved.
 *
 * A field shows only when the form would show it (the block's visibility rule) and when it has a value; a code
 * without a label shows as its number. lib/jobs/slip-block.ts parses the stored block and applies these lists.
 */
import { cleanText, toCode } from '@/lib/validation-rules';
import { PHYSICAL_MEDIA_TYPES } from '@/lib/reference';
import type { CodeOption } from './options';
import { isRecord } from '@/lib/core/guards';

export interface SlipRow {
  label: string;
  value: string;
  /** A link for the value (the matter reference opens its /Matter page). */
  href?: string;
}

/** Names of the database rows a block refers to, resolved by the slip service (null when unknown). */
export interface BlockNames {
  /** The appeal book or court copy location. */
  location: string | null;
  /** The appeal book or court copy court (at that location, for that job type). */
  court: string | null;
  /** The scan delivery's physical media type. */
  physicalMedia: string | null;
}

export const NO_BLOCK_NAMES: BlockNames = { location: null, court: null, physicalMedia: null };

type Text = string | undefined;

/** One row of a block: its label, whether the form shows it (given the block's visibility), its text. */
export interface SlipField<B, V> {
  label: string;
  shown?: (v: V) => boolean;
  value: (b: B, names: BlockNames) => Text;
}

/** The label of a code; a code without a label shows as its number, a text as itself; empty gives undefined. */
export function optionLabel(options: readonly CodeOption[], v: unknown): Text {
  const c = toCode(v);
  if (c !== undefined) return options.find((o) => o.id === c)?.name ?? String(c);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  return cleanText(v);
}

/** Two parts joined as the form sends them ('a of b', 'a vs b'); one part alone shows alone. */
export function joinedParts(a: unknown, b: unknown, separator: string): Text {
  const parts = [cleanText(a), cleanText(b)].filter((p): p is string => p !== undefined);
  return parts.length ? parts.join(separator) : undefined;
}

const withOther = (label: string, other: unknown): string => {
  const t = cleanText(other);
  return t === undefined ? label : `${label}: ${t}`;
};

/** Renderers of the fields of a block of type B (keys are the form's field names). */
export function renderers<B>() {
  return {
    /** A code as its option label; with `other`, the other-text follows the choice that asks for it. */
    choice:
      (options: readonly CodeOption[], key: keyof B, other?: { code: number; text: keyof B }) =>
      (b: B): Text => {
        const label = optionLabel(options, b[key]);
        return label !== undefined && other !== undefined && toCode(b[key]) === other.code
          ? withOther(label, b[other.text])
          : label;
      },
    /** A tick box. */
    yesNo:
      (key: keyof B) =>
      (b: B): Text => {
        const v = b[key];
        return typeof v === 'boolean' ? (v ? 'Yes' : 'No') : undefined;
      },
    /** Free text, or a number typed as digits (starting numbers). */
    text:
      (key: keyof B) =>
      (b: B): Text => {
        const v = b[key];
        return typeof v === 'number' ? optionLabel([], v) : cleanText(v);
      },
    /** A group of ticked codes (additional tasks, service recipients). */
    codes:
      (options: readonly CodeOption[], key: keyof B) =>
      (b: B): Text => {
        const v = b[key];
        const names = Array.isArray(v)
          ? v.map((c) => optionLabel(options, c)).filter((n): n is string => n !== undefined)
          : [];
        return names.length ? names.join(', ') : undefined;
      },
    /** A list of `{ <typeKey>: type, selectedValue }` items: the names of the ticked ones. */
    selected:
      (options: readonly CodeOption[], key: keyof B, typeKey: string) =>
      (b: B): Text => {
        const v = b[key];
        const items = Array.isArray(v) ? v.filter(isRecord) : [];
        const ticked = items.filter((i) => i.selectedValue === true);
        const names = ticked.map((i) => optionLabel(options, i[typeKey])).filter((n): n is string => n !== undefined);
        return names.length ? names.join(', ') : undefined;
      },
    /** A location id, by the name the service resolved. */
    location:
      (key: keyof B) =>
      (b: B, names: BlockNames): Text =>
        optionLabel([], b[key]) === undefined ? undefined : (names.location ?? optionLabel([], b[key])),
    /** A court code, by its name; the "other" code shows the other-court text. */
    court:
      (key: keyof B, other: { code: number; text: keyof B }) =>
      (b: B, names: BlockNames): Text => {
        const number = optionLabel([], b[key]);
        if (number === undefined) return undefined;
        return toCode(b[key]) === other.code ? withOther('Other', b[other.text]) : (names.court ?? number);
      },
    /** A physical media type id, by its name (the table's, else the reference list's). */
    physicalMedia:
      (key: keyof B) =>
      (b: B, names: BlockNames): Text => {
        const label = optionLabel(PHYSICAL_MEDIA_TYPES, b[key]);
        return label === undefined ? undefined : (names.physicalMedia ?? label);
      },
  };
}

/** The rows of a block: the shown fields that have a value, in order. */
export function fieldRows<B, V>(
  fields: readonly SlipField<B, V>[],
  block: B,
  visibility: V,
  names: BlockNames,
): SlipRow[] {
  return fields.flatMap((f) => {
    if (f.shown && !f.shown(visibility)) return [];
    const value = f.value(block, names);
    return value === undefined ? [] : [{ label: f.label, value }];
  });
}
