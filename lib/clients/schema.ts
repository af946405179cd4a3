/**
 * Client onboarding forms (/Ops/Clients): ONE schema for the browser form (zodResolver) and the
 * server action. Browser-safe.
 *
 * A client: name, account number, at least one branch address (label, address, ExtClientBranchId, one of
 * them the default), at least one processing city, and any cost estimates (numeric numbers, spec §5).
 * Its first administrator: names, e-mail, phone, user name, time zone (no password: the invitation's link).
 */
import { z } from 'zod';
import { canonicalTimeZone } from '@/lib/settings/schema';
import { FIELD_MSG, formText, formPhone } from '@/lib/validation';
import { emailField, NAME_MAX, userNameField } from '@/lib/users/schema';

export const CLIENT_MSG = {
  accountNumber: 'An account number may contain only letters, digits and - (up to 30 characters).',
  branchRequired: 'Please add at least one branch address.',
  cityRequired: 'Please add at least one processing city.',
  duplicateCity: 'This processing city is listed twice.',
  duplicateEstimate: 'This cost estimate number is listed twice.',
  estimateNumber: 'A cost estimate number is digits only (up to 18).',
  amount: 'Please enter an amount with at most two decimals (e.g. 1250.00).',
  nameExists: 'A client with this name already exists.',
  accountExists: 'A client with this account number already exists.',
  notFound: 'This client does not exist.',
  suspended: 'This client is suspended: reinstate it first.',
  hasAdmin: 'This client already has an active administrator.',
  deleteHasData: 'A client with jobs or invoices cannot be deleted: suspend it instead.',
  timeZone: 'Please choose a time zone from the list.',
  saved: 'The client has been saved.',
  rowGone: 'This entry no longer exists: reload the page.',
  branchInUse: (label: string) =>
    `The branch "${label}" is used by jobs and cannot be removed: keep it (you may rename it).`,
  cityInUse: (name: string) =>
    `The processing city "${name}" is used by jobs and cannot be removed: keep it (you may rename it).`,
} as const;

/** The id of an existing branch, city or cost estimate in the edit form; absent for a new one. */
const rowId = z.number().int().min(1).max(2_147_483_647).optional();

const text = (max: number, required = true) => formText(max, { required });

export const branchSchema = z.object({
  Id: rowId,
  Label: text(100),
  Address: text(500),
  ExtClientBranchId: text(50, false),
  IsDefault: z.boolean(),
});

export const costEstimateSchema = z.object({
  Id: rowId,
  Number: z
    .string({ error: FIELD_MSG.required })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, FIELD_MSG.required)
        .regex(/^\d{1,18}$/, CLIENT_MSG.estimateNumber),
    ),
  Description: text(200, false),
  Amount: z
    .string()
    .transform((v) => v.trim().replace(/,/g, ''))
    .pipe(z.string().regex(/^(\d{1,10}(\.\d{1,2})?)?$/, CLIENT_MSG.amount)),
});

/**
 * The client form: create (no ClientId) or edit (ClientId, and the Id of each existing branch, city and cost
 * estimate; a row without Id is new, an existing row left out is removed).
 */
export const clientFormSchema = z
  .object({
    ClientId: z.number().int().min(1).max(2_147_483_647).optional(),
    Name: text(200),
    AccountNumber: z
      .string({ error: FIELD_MSG.required })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, FIELD_MSG.required)
          .regex(/^[A-Za-z0-9-]{1,30}$/, CLIENT_MSG.accountNumber),
      ),
    Branches: z.array(branchSchema).min(1, CLIENT_MSG.branchRequired).max(50),
    ProcessingCities: z
      .array(z.object({ Id: rowId, Name: text(100) }))
      .min(1, CLIENT_MSG.cityRequired)
      .max(50),
    CostEstimates: z.array(costEstimateSchema).max(200),
  })
  .superRefine((v, ctx) => {
    // An existing row is named once: a form that lists one twice was tampered with.
    for (const list of ['Branches', 'ProcessingCities', 'CostEstimates'] as const) {
      const ids = new Set<number>();
      v[list].forEach((row, i) => {
        if (row.Id === undefined) return;
        if (ids.has(row.Id)) ctx.addIssue({ code: 'custom', path: [list, i], message: CLIENT_MSG.rowGone });
        ids.add(row.Id);
      });
    }
    const seen = new Set<string>();
    v.ProcessingCities.forEach((c, i) => {
      const k = c.Name.toLowerCase();
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: ['ProcessingCities', i, 'Name'], message: CLIENT_MSG.duplicateCity });
      seen.add(k);
    });
    const numbers = new Set<string>();
    v.CostEstimates.forEach((c, i) => {
      if (numbers.has(c.Number))
        ctx.addIssue({ code: 'custom', path: ['CostEstimates', i, 'Number'], message: CLIENT_MSG.duplicateEstimate });
      numbers.add(c.Number);
    });
  })
  // Exactly one default branch: the first one unless another is ticked.
  .transform((v) => {
    const chosen = Math.max(
      0,
      v.Branches.findIndex((b) => b.IsDefault),
    );
    return { ...v, Branches: v.Branches.map((b, i) => ({ ...b, IsDefault: i === chosen })) };
  });
export type ClientFormInput = z.input<typeof clientFormSchema>;
export type ClientForm = z.output<typeof clientFormSchema>;

export const inviteAdminSchema = z.object({
  ClientId: z.number().int().min(1).max(2_147_483_647),
  FirstName: text(NAME_MAX),
  LastName: text(NAME_MAX),
  EmailId: emailField,
  Phone: formPhone(),
  UserName: userNameField,
  TimeZoneId: z
    .string({ error: CLIENT_MSG.timeZone })
    .refine((v) => canonicalTimeZone(v) !== null, CLIENT_MSG.timeZone)
    .transform((v) => canonicalTimeZone(v) ?? v),
});
export type InviteAdminInput = z.input<typeof inviteAdminSchema>;
export type InviteAdmin = z.output<typeof inviteAdminSchema>;

export const clientIdSchema = z.number().int().min(1).max(2_147_483_647);

/** The staff client list's URL state: text (name or account number), status, page, size. */
export const CLIENT_STATUSES = ['active', 'suspended'] as const;
export type ClientStatusFilter = (typeof CLIENT_STATUSES)[number] | 'any';
