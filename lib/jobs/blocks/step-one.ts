/**
 * Job form step one (spec §3 "Job", §5 "Job form, step one"): the main job details. Next is blocked unless
 * every rule holds. Rules about time use the injected "now" and the user's IANA time zone (lib/jobs/rules.ts).
 */
import { z } from 'zod';
import { ORDER_TYPES } from '@/lib/reference';
import {
  checkChoice,
  checkDigits,
  checkEmail,
  checkPhone,
  checkRequired,
  checkText,
  cleanPhone,
  DEFAULT_EMAIL_PATTERN,
  DEFAULT_MAX_INSTRUCTIONS,
  DEFAULT_PHONE_PATTERN,
  FIELD_MSG,
  isBlank,
  SHORT_TEXT_MAX,
  type Reporter,
} from '@/lib/validation';
import {
  formatDateInput,
  formatTimeInput,
  isAfterHours,
  isValidTimeZone,
  parseDateInput,
  parseTimeInput,
  parseWallClock,
  readyDueProblems,
  toInstant,
} from '../rules';
import { byKey, JOB_TEXT_FIELDS, maxLengthOf } from '@/lib/job-fields';
import { code, codeIn, digitString, JOB_MSG, looseNumber, looseText, text } from './common';

export const ORDER_TYPE_IDS = ORDER_TYPES.map((t) => t.id);
export const ORDER_TYPE = {
  appealBook: 1,
  courtCopy: 2,
  copy: 3,
  dataProcessing: 4,
  print: 5,
  scan: 6,
  consulting: 7,
  court: 8,
} as const;
/** Order types whose detail step holds only the collection description (§3 "Other type blocks"). */
export const COLLECTION_TYPES = [4, 7, 8] as const;
/** What-to-collect is required for order types 3 and 6 (§4, §5). */
export const WHAT_TO_COLLECT_TYPES = [3, 6] as const;
/** Number of copies: digits only, at most this many (a hygiene limit; the spec gives none). */
export const MAX_COPIES_DIGITS = 6;

/** Whether the number of copies is required, optional or hidden (then cleared). */
export type CopiesRule = 'required' | 'optional' | 'hidden';

export interface JobOrderOptions {
  /** "Now" (or a clock read at each parse, e.g. `() => now()` from lib/clock). */
  now: Date | (() => Date);
  /** The user's IANA time zone, e.g. 'Australia/Sydney'. */
  timeZone: string;
  /** Additional-instructions limit (settings-driven; §9 default 1000). */
  maxInstructions?: number;
  /** Settings-driven patterns (§5); default to lib/validation's. */
  emailPattern?: RegExp;
  phonePattern?: RegExp;
}
export interface ResolvedOptions {
  now: () => Date;
  timeZone: string;
  maxInstructions: number;
  emailPattern: RegExp;
  phonePattern: RegExp;
}

/** Fills the defaults. Throws RangeError for an unknown time zone (a programming or data error, not user input). */
export function resolveOptions(o: JobOrderOptions): ResolvedOptions {
  if (!isValidTimeZone(o.timeZone)) throw new RangeError(`Unknown time zone: ${o.timeZone}`);
  const fixed = o.now;
  return {
    now: typeof fixed === 'function' ? fixed : () => fixed,
    timeZone: o.timeZone,
    maxInstructions: o.maxInstructions ?? DEFAULT_MAX_INSTRUCTIONS,
    emailPattern: o.emailPattern ?? DEFAULT_EMAIL_PATTERN,
    phonePattern: o.phonePattern ?? DEFAULT_PHONE_PATTERN,
  };
}

export const stepOneShape = {
  jobId: looseNumber,
  sourceJobId: looseNumber,
  orderType: looseNumber,
  contactName: looseText,
  email: looseText,
  contactPhone: looseText,
  afterHourContactNumber: looseText,
  costEstimateNumber: looseNumber,
  matterReference: looseText,
  clientBranchAddressId: looseNumber,
  /** The optional text fields of lib/job-fields.ts. */
  ...byKey(() => looseText),
  dateReadyInput: looseText,
  timeReadyInput: looseText,
  dateDueInput: looseText,
  timeDueInput: looseText,
  instructions: looseText,
  numberOfCopies: looseNumber,
  whatToCollect: looseText,
};
/** Step one as a zod object (the factories in lib/jobs/schema.ts add the rules). */
export const stepOneObject = z.object(stepOneShape);
export type StepOneLoose = z.output<typeof stepOneObject>;

/** The step-one field names, e.g. for react-hook-form's `trigger(STEP_ONE_FIELDS)` on Next. */
export const STEP_ONE_FIELDS = Object.keys(stepOneShape).filter(
  (k): k is keyof typeof stepOneShape => k in stepOneShape,
);

export const whatToCollectRequired = (orderType: unknown): boolean =>
  WHAT_TO_COLLECT_TYPES.some((t) => t === code(orderType));

function checkDateTime(r: Reporter, dateField: string, timeField: string, date: unknown, time: unknown): void {
  if (checkRequired(r, [dateField], date) && (typeof date !== 'string' || !parseDateInput(date)))
    r.add([dateField], JOB_MSG.invalidDate);
  if (checkRequired(r, [timeField], time) && (typeof time !== 'string' || parseTimeInput(time) === null))
    r.add([timeField], JOB_MSG.invalidTime);
}

/**
 * The rules of step one. `copies` says whether the number of copies is required (the order decides it per type
 * and block, see `copiesRule`); its format is checked whenever it is not hidden.
 */
export function checkStepOne(v: StepOneLoose, r: Reporter, o: ResolvedOptions, copies: CopiesRule): void {
  const short = { required: true, max: SHORT_TEXT_MAX } as const;
  const now = o.now();
  checkChoice(r, ['orderType'], v.orderType, { required: true, allowed: ORDER_TYPE_IDS });
  checkText(r, ['contactName'], v.contactName, short);
  checkEmail(r, ['email'], v.email, { required: true, pattern: o.emailPattern });
  if (checkText(r, ['contactPhone'], v.contactPhone, short))
    checkPhone(r, ['contactPhone'], v.contactPhone, { required: true, pattern: o.phonePattern });
  checkPhone(r, ['afterHourContactNumber'], v.afterHourContactNumber, {
    required: isAfterHours(now, o.timeZone),
    requiredMessage: JOB_MSG.afterHoursRequired,
    pattern: o.phonePattern,
  });
  if (!isBlank(v.costEstimateNumber)) {
    const digits = digitString(v.costEstimateNumber);
    if (digits === undefined || digits.length > 20) r.add(['costEstimateNumber'], JOB_MSG.costEstimateNumeric);
  }
  checkText(r, ['matterReference'], v.matterReference, short);
  checkDigits(r, ['clientBranchAddressId'], v.clientBranchAddressId, { required: true, nonZero: true, maxDigits: 9 });
  for (const f of JOB_TEXT_FIELDS) checkText(r, [f.key], v[f.key], { max: maxLengthOf(f, o.maxInstructions) });
  checkDateTime(r, 'dateReadyInput', 'timeReadyInput', v.dateReadyInput, v.timeReadyInput);
  checkDateTime(r, 'dateDueInput', 'timeDueInput', v.dateDueInput, v.timeDueInput);
  const ready = parseWallClock(v.dateReadyInput ?? '', v.timeReadyInput ?? '');
  const due = parseWallClock(v.dateDueInput ?? '', v.timeDueInput ?? '');
  if (ready && due) {
    for (const p of readyDueProblems(ready, due, now, o.timeZone)) r.add([p.field], JOB_MSG[p.problem]);
  }
  checkText(r, ['instructions'], v.instructions, { max: o.maxInstructions });
  checkText(r, ['whatToCollect'], v.whatToCollect, {
    required: whatToCollectRequired(v.orderType),
    requiredMessage: JOB_MSG.whatToCollectRequired,
    max: o.maxInstructions,
  });
  if (copies !== 'hidden') {
    checkDigits(r, ['numberOfCopies'], v.numberOfCopies, {
      required: copies === 'required',
      requiredMessage: JOB_MSG.copiesRequired,
      nonZero: true,
      maxDigits: MAX_COPIES_DIGITS,
    });
  }
  checkDigits(r, ['jobId'], v.jobId, { maxDigits: 9 });
  checkDigits(r, ['sourceJobId'], v.sourceJobId, { nonZero: true, maxDigits: 9 });
}

/** A value the checks made sure of; if absent after all (a bug), the parse fails instead of storing a hole. */
export function need<T>(v: T | null | undefined, ctx: z.RefinementCtx, path: string): T {
  if (v !== undefined && v !== null) return v;
  ctx.addIssue({ code: 'custom', path: [path], message: FIELD_MSG.required });
  return z.NEVER;
}

/** The clean step-one values: canonical date/time inputs and the ready and due instants in the user's zone. */
export function finaliseStepOne(v: StepOneLoose, ctx: z.RefinementCtx, o: ResolvedOptions, copies: CopiesRule) {
  const ready = parseWallClock(v.dateReadyInput ?? '', v.timeReadyInput ?? '');
  const due = parseWallClock(v.dateDueInput ?? '', v.timeDueInput ?? '');
  if (!ready || !due) {
    ctx.addIssue({ code: 'custom', path: [ready ? 'dateDueInput' : 'dateReadyInput'], message: FIELD_MSG.required });
    return z.NEVER;
  }
  return {
    jobId: code(v.jobId),
    sourceJobId: code(v.sourceJobId),
    orderType: need(codeIn(v.orderType, ORDER_TYPE_IDS), ctx, 'orderType'),
    contactName: need(text(v.contactName), ctx, 'contactName'),
    email: need(text(v.email), ctx, 'email'),
    contactPhone: need(cleanPhone(v.contactPhone), ctx, 'contactPhone'),
    afterHourContactNumber: cleanPhone(v.afterHourContactNumber),
    costEstimateNumber: digitString(v.costEstimateNumber),
    matterReference: need(text(v.matterReference), ctx, 'matterReference'),
    clientBranchAddressId: need(code(v.clientBranchAddressId), ctx, 'clientBranchAddressId'),
    ...byKey((f) => text(v[f.key])),
    dateReadyInput: formatDateInput(ready.date),
    timeReadyInput: formatTimeInput(ready.minutes),
    dateDueInput: formatDateInput(due.date),
    timeDueInput: formatTimeInput(due.minutes),
    /** The ready and due instants (UTC), from the inputs in the user's zone. */
    readyAt: toInstant(ready, o.timeZone),
    dueAt: toInstant(due, o.timeZone),
    timeZone: o.timeZone,
    instructions: text(v.instructions),
    numberOfCopies: copies === 'hidden' ? undefined : code(v.numberOfCopies),
    whatToCollect: text(v.whatToCollect),
  };
}
