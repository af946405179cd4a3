/**
 * Who the e-mails come from: the provider's name and logo as kept in the supplier settings (the same ones the
 * invoices carry), read in the transaction that queues the mail. The logo goes by its public URL (the supplier
 * logo route), versioned by the settings' last change so mail programs fetch the new one after a change; without
 * a logo, the name stands in its place. The colour is the supplier's e-mail colour (white on it passes AA: the form
 * checks it), else the portal's brand colour.
 */
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { supplierSettings } from '@/db/schema';
import { portalUrl } from './links';
import { MAIL_BRAND_COLOUR } from './colour';
import type { MailBrand } from './template';

export { MAIL_BRAND_COLOUR } from './colour';
/** The name when the supplier settings have none yet. */
export const DEFAULT_MAIL_SENDER = 'JMS Portal';
/** The supplier's logo, served to mail programs (app/api/SupplierLogo/route.ts). */
export const SUPPLIER_LOGO_PATH = '/api/SupplierLogo';

export async function mailBrand(q: Queryable): Promise<MailBrand> {
  const [s] = await q
    .select({
      name: supplierSettings.legalName,
      hasLogo: sql<boolean>`${supplierSettings.logoBase64} is not null`,
      updatedAt: supplierSettings.updatedAt,
      colour: supplierSettings.brandColour,
    })
    .from(supplierSettings)
    .where(eq(supplierSettings.id, 1))
    .limit(1);
  return {
    name: s?.name.trim() || DEFAULT_MAIL_SENDER,
    logoUrl: s?.hasLogo ? portalUrl(`${SUPPLIER_LOGO_PATH}?v=${s.updatedAt.getTime()}`) : null,
    colour: s?.colour ?? MAIL_BRAND_COLOUR,
  };
}
