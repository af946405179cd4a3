/**
 * The supplier's details on every invoice (/Ops/Invoices/Supplier): ONE schema for the staff form in the
 * browser and its server action. Browser-safe.
 */
import { z } from 'zod';
import { contrastWithWhite, darkenToPass, MIN_CONTRAST, normaliseHex, ratioText } from '@/lib/mail/colour';
import { formText } from '@/lib/validation';

/** Reminder days on each side of the due date, at most. */
export const MAX_REMINDER_STEPS = 5;

export const SUPPLIER_MSG = {
  abn: 'An ABN is 11 digits (spaces allowed) with a valid check digit.',
  bsb: 'A BSB is 6 digits (e.g. 062-000).',
  accountNumber: 'An account number is 5 to 10 digits.',
  rate: 'Please enter a GST rate between 0 and 100 with at most two decimals (e.g. 10).',
  logo: 'The logo must be a PNG or JPEG image of at most 200 KB.',
  email: 'Please enter an e-mail address.',
  colour: 'Please enter a colour as # and six hexadecimal digits (e.g. #223f70), or leave it empty.',
  reminderDays: `Please enter whole numbers of days from 1 to 365, separated by commas (e.g. 1, 7, 14), at most ${MAX_REMINDER_STEPS}; leave it empty for none.`,
} as const;

/** Why white text on `hex` is refused, with a darker shade of it that passes. */
export function colourTooLightMessage(hex: string): string {
  return `White text on ${hex} is hard to read (contrast ${ratioText(contrastWithWhite(hex))}; at least ${MIN_CONTRAST}:1 is needed). Please choose a darker colour, for example ${darkenToPass(hex)}.`;
}

/** The e-mails' brand colour: '' (the portal's own) or #rrggbb in lower case with white text on it passing AA. */
const brandColourField = z
  .string()
  .max(20, SUPPLIER_MSG.colour)
  .transform((v) => (v.trim() === '' ? '' : (normaliseHex(v) ?? v)))
  .superRefine((v, c) => {
    if (v === '') return;
    if (!/^#[0-9a-f]{6}$/.test(v)) c.addIssue({ code: 'custom', message: SUPPLIER_MSG.colour });
    else if (contrastWithWhite(v) < MIN_CONTRAST) c.addIssue({ code: 'custom', message: colourTooLightMessage(v) });
  });

export const LOGO_MAX_BYTES = 200 * 1024;

/** '14, 1,7' → [1, 7, 14]; null when it is not a list of whole days from 1 to 365. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) >= 1 && Number(p) <= 365)) return null;
  const days = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  return days.length <= MAX_REMINDER_STEPS ? days : null;
}

/** [1, 7, 14] → '1, 7, 14' (the form's text). */
export function formatReminderDays(days: readonly number[]): string {
  return days.join(', ');
}

const reminderDaysField = z
  .union([z.string().max(200), z.array(z.number())])
  .transform((v) => (Array.isArray(v) ? v.join(',') : v))
  .refine((v) => parseReminderDays(v) !== null, SUPPLIER_MSG.reminderDays)
  .transform((v) => formatReminderDays(parseReminderDays(v)!));

/** The ATO's ABN check: subtract 1 from the first digit, weight, sum, divisible by 89. */
export function isValidAbn(abn: string): boolean {
  const d = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(d)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = d.split('').map(Number);
  digits[0]! -= 1;
  return digits.reduce((s, n, i) => s + n * weights[i]!, 0) % 89 === 0;
}

/** '51824753556' → '51 824 753 556'. */
export function formatAbn(abn: string): string {
  const d = abn.replace(/\s/g, '');
  return d.length === 11 ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn;
}

const logoField = z
  .string()
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40, SUPPLIER_MSG.logo)
  .refine((v) => v === '' || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/.test(v), SUPPLIER_MSG.logo);

export const supplierSchema = z.object({
  LegalName: formText(200),
  Abn: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .refine(isValidAbn, SUPPLIER_MSG.abn),
  Address: formText(400),
  Email: formText(200, { required: false }).refine(
    (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    SUPPLIER_MSG.email,
  ),
  Phone: formText(40, { required: false }),
  BankAccountName: formText(200),
  BankBsb: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{6}$/.test(v), SUPPLIER_MSG.bsb)
    .transform((v) => `${v.slice(0, 3)}-${v.slice(3)}`),
  BankAccountNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{5,10}$/.test(v), SUPPLIER_MSG.accountNumber),
  /** Percent, e.g. '10' or '12.5' (stays a percent so that parsing the parsed form again gives the same; stored as basis points by gstRateBp). */
  GstRate: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().replace(/%$/, '').trim())
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, SUPPLIER_MSG.rate),
  /** A data: URL of the new logo; '' keeps the current one. */
  Logo: logoField.default(''),
  RemoveLogo: z.boolean().default(false),
  /** The e-mails' button and header colour; '' for the portal's own. */
  BrandColour: brandColourField.default(''),
  /** Payment reminders: days before the due date, and days after it ('' for none). */
  ReminderDaysBefore: reminderDaysField.default('3'),
  ReminderDaysAfter: reminderDaysField.default('1, 7, 14'),
});
/** '12.5' → 1250 basis points. */
export function gstRateBp(percent: string): number {
  return Math.round(Number(percent) * 100);
}

export type SupplierInput = z.input<typeof supplierSchema>;
export type SupplierForm = z.output<typeof supplierSchema>;
