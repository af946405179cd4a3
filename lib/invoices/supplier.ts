/**
 * The supplier's details: legal name, ABN, address, bank details, logo, GST rate, the e-mails' brand colour and the
 * payment reminder days, one row (supplier_settings, id 1) kept by staff in /Ops/Invoices/Supplier and read by every
 * invoice, PDF and statement (and, for the name, logo and colour, by every e-mail: lib/mail/brand.ts).
 */
import { eq } from 'drizzle-orm';
import { getDb, type Queryable } from '@/db/client';
import { supplierSettings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { recordAudit } from '@/lib/core/audit';
import { authorize } from '@/lib/core/authorize';
import type { Principal } from '@/lib/core/principal';
import { staffPolicy } from '@/lib/core/staff-policy';
import { DEFAULT_GST_RATE_BP } from './gst';
import { gstRateBp, parseReminderDays, type SupplierForm } from './supplier-schema';

export interface Supplier {
  legalName: string;
  abn: string;
  address: string;
  email: string;
  phone: string;
  bankAccountName: string;
  bankBsb: string;
  bankAccountNumber: string;
  gstRateBp: number;
  logo: { type: string; base64: string } | null;
  /** The e-mails' brand colour (#rrggbb), or null for the portal's own. */
  brandColour: string | null;
  /** Payment reminders: days before the due date, and days after it (lib/invoices/reminders.ts). */
  reminderDaysBefore: number[];
  reminderDaysAfter: number[];
  updatedAt: Date | null;
}

const EMPTY: Supplier = {
  legalName: '',
  abn: '',
  address: '',
  email: '',
  phone: '',
  bankAccountName: '',
  bankBsb: '',
  bankAccountNumber: '',
  gstRateBp: DEFAULT_GST_RATE_BP,
  logo: null,
  brandColour: null,
  reminderDaysBefore: [3],
  reminderDaysAfter: [1, 7, 14],
  updatedAt: null,
};

/** The supplier as configured (empty fields until staff fill them in). */
export async function getSupplier(q?: Queryable): Promise<Supplier> {
  const db = q ?? (await getDb());
  const [r] = await db.select().from(supplierSettings).where(eq(supplierSettings.id, 1)).limit(1);
  if (!r) return EMPTY;
  return {
    legalName: r.legalName,
    abn: r.abn,
    address: r.address,
    email: r.email,
    phone: r.phone,
    bankAccountName: r.bankAccountName,
    bankBsb: r.bankBsb,
    bankAccountNumber: r.bankAccountNumber,
    gstRateBp: r.gstRateBp,
    logo: r.logoBase64 && r.logoType ? { type: r.logoType, base64: r.logoBase64 } : null,
    brandColour: r.brandColour,
    reminderDaysBefore: r.reminderDaysBefore,
    reminderDaysAfter: r.reminderDaysAfter,
    updatedAt: r.updatedAt,
  };
}

/** Are the bank details there to tell a client how to pay? */
export function hasBankDetails(s: Supplier): boolean {
  return Boolean(s.bankAccountName && s.bankBsb && s.bankAccountNumber);
}

export async function saveSupplier(actor: Actor, by: Principal, form: SupplierForm): Promise<void> {
  authorize(actor, 'invoices.manage', staffPolicy);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const logo = /^data:(image\/(?:png|jpeg));base64,(.*)$/.exec(form.Logo);
    const values = {
      legalName: form.LegalName,
      abn: form.Abn,
      address: form.Address,
      email: form.Email,
      phone: form.Phone,
      bankAccountName: form.BankAccountName,
      bankBsb: form.BankBsb,
      bankAccountNumber: form.BankAccountNumber,
      gstRateBp: gstRateBp(form.GstRate),
      brandColour: form.BrandColour || null,
      reminderDaysBefore: parseReminderDays(form.ReminderDaysBefore) ?? [],
      reminderDaysAfter: parseReminderDays(form.ReminderDaysAfter) ?? [],
      updatedAt: now(),
      ...(logo
        ? { logoType: logo[1]!, logoBase64: logo[2]! }
        : form.RemoveLogo
          ? { logoType: null, logoBase64: null }
          : {}),
    };
    await tx
      .insert(supplierSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: supplierSettings.id, set: values });
    await recordAudit(tx, by, {
      action: 'ops.supplier.update',
      clientId: null,
      targetType: 'supplier_settings',
      targetId: 1,
      details: {
        legalName: form.LegalName,
        abn: form.Abn,
        gstRateBp: gstRateBp(form.GstRate),
        reminderDaysBefore: values.reminderDaysBefore,
        reminderDaysAfter: values.reminderDaysAfter,
        logo: logo ? 'replaced' : form.RemoveLogo ? 'removed' : 'kept',
        brandColour: form.BrandColour || null,
      },
    });
  });
}
