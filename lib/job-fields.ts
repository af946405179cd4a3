/**
 * The job's optional free-text fields (spec §3 "Job", §5 "Job form, step one"), each defined once. Every layer
 * derives these fields from JOB_TEXT_FIELDS: the step-one schema and its rules (lib/jobs/blocks/step-one.ts), the
 * order form (components/jobs/order/StepOne.tsx), the saved and amended columns and their labels
 * (lib/jobs/save.ts, lib/jobs/changes.ts, lib/audit/activity-present.ts), the copy of a job (lib/jobs/clone.ts),
 * the slip (lib/jobs/present.ts), the CSV (lib/jobs/export.ts), the legacy API (spec §7: lib/jobs/legacy-order.ts,
 * lib/legacy/job-add.ts, lib/legacy/answers.ts, lib/legacy/jobs.ts), /api/v1 (lib/integration/schemas.ts,
 * lib/integration/jobs.ts) and the seeded help texts (scripts/seed/reference.ts).
 *
 * A field's `key` is the form value, the order's key and the property of the `jobs` table in db/schema.ts (the
 * compiler refuses a key the table lacks). This module imports nothing: the order form in the browser reads it,
 * and it sits on the floor of lib/ so that every domain that names a job's fields (lib/audit too) may import it.
 */

/** The step-one form section a field is entered in (components/jobs/order/StepOne.tsx). */
export type JobTextFormSection = 'Matter and address';
/** The slip section a field is shown in (lib/jobs/present.ts); its row comes after the section's own rows. */
export type JobTextSlipSection = 'Job' | 'Contact' | 'Pickup and delivery' | 'Order';

export interface JobTextField {
  /** The form value, the order's key and the Drizzle property of `jobs` (camelCase). */
  readonly key: string;
  /** The name of the legacy API's payload (spec §7, PascalCase). */
  readonly legacy: string;
  /** The label on the order form and on the slip. */
  readonly label: string;
  /** How an amendment names the field in the job's history (the order form's words, lower case). */
  readonly amended: string;
  /** How the activity log names the field. */
  readonly activity: string;
  /** The key of the field's contextual help text, and the text seeded for it. */
  readonly helpKey: string;
  readonly help: string;
  /**
   * The longest value accepted: a number of characters, or 'instructions' for the settings-driven limit of the
   * additional instructions (§9, default 1000).
   */
  readonly max: number | 'instructions';
  readonly form: JobTextFormSection;
  /** Text area rows on the form. */
  readonly rows: number;
  readonly slip: JobTextSlipSection;
  /** The CSV column's header (spec §9 Jobs.csv), after the fixed columns; absent: not exported. */
  readonly csv?: string;
}

const DEFINITIONS = [
  {
    key: 'alternatePickupDelivery',
    legacy: 'AlternatePickupDelivery',
    label: 'Alternate pickup / delivery',
    amended: 'alternate pickup / delivery',
    activity: 'pick-up or delivery address',
    helpKey: 'AlternatePickupDelivery',
    help: 'Use when the pickup or delivery address differs from your branch address.',
    max: 'instructions',
    form: 'Matter and address',
    rows: 2,
    slip: 'Pickup and delivery',
  },
] as const satisfies readonly JobTextField[];

export type JobTextKey = (typeof DEFINITIONS)[number]['key'];
export type JobTextLegacyName = (typeof DEFINITIONS)[number]['legacy'];
/** A field of the list, its names narrowed to the list's own. */
export type JobTextFieldDef = JobTextField & { readonly key: JobTextKey; readonly legacy: JobTextLegacyName };

/** The fields, in the order each layer lists them. */
export const JOB_TEXT_FIELDS: readonly JobTextFieldDef[] = DEFINITIONS;

/** One value per field under its camelCase key, in the list's order (e.g. a zod shape or a presenter's values). */
export function byKey<V>(value: (f: JobTextFieldDef) => V): { [K in JobTextKey]: V } {
  return Object.fromEntries(JOB_TEXT_FIELDS.map((f) => [f.key, value(f)])) as { [K in JobTextKey]: V };
}

/** One value per field under its legacy PascalCase name, in the list's order. */
export function byLegacyName<V>(value: (f: JobTextFieldDef) => V): { [K in JobTextLegacyName]: V } {
  return Object.fromEntries(JOB_TEXT_FIELDS.map((f) => [f.legacy, value(f)])) as { [K in JobTextLegacyName]: V };
}

/** The longest value accepted, given the settings' additional-instructions limit. */
export const maxLengthOf = (f: JobTextField, maxInstructions: number): number =>
  f.max === 'instructions' ? maxInstructions : f.max;
