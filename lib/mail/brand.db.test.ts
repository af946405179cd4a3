/** The supplier's logo as the e-mails link it: the brand names its URL, and the route serves the image publicly. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { supplierSettings } from '@/db/schema';
import { jobAlertMail } from './kinds/job-alert';
import { GET } from '@/app/api/SupplierLogo/route';
import { DEFAULT_MAIL_SENDER, mailBrand } from './brand';
import { config } from '@/lib/config';
import { MAIL_BRAND_COLOUR } from './colour';
import { renderMail } from './render';
import { useTestDatabase } from '@/test/db';

const ctx = { params: Promise.resolve({}) };
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('the supplier logo of the e-mails', () => {
  const t = useTestDatabase();

  it('without supplier settings: the portal’s name, no logo, and the route answers 404', async () => {
    await t.db().delete(supplierSettings);
    expect(await mailBrand(t.db())).toMatchObject({ name: DEFAULT_MAIL_SENDER, logoUrl: null });
    const res = await GET(new Request('http://localhost/api/SupplierLogo'), ctx);
    expect(res.status).toBe(404);
  });

  it('with a logo: the brand links the route (absolute, versioned) and the route serves the image without a session', async () => {
    await t
      .db()
      .insert(supplierSettings)
      .values({ id: 1, legalName: 'Harbour Legal Services Pty Ltd', logoBase64: PNG, logoType: 'image/png' })
      .onConflictDoUpdate({
        target: supplierSettings.id,
        set: { legalName: 'Harbour Legal Services Pty Ltd', logoBase64: PNG, logoType: 'image/png' },
      });
    const brand = await mailBrand(t.db());
    expect(brand.name).toBe('Harbour Legal Services Pty Ltd');
    expect(brand.logoUrl).toMatch(new RegExp(`^${config().appUrl}/api/SupplierLogo\\?v=\\d+$`));
    const res = await GET(new Request(brand.logoUrl!), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(PNG, 'base64'));
  });

  it('the supplier’s e-mail colour is the button’s and the header’s; without one, the portal’s; the database keeps only #rrggbb', async () => {
    await t.db().delete(supplierSettings);
    expect((await mailBrand(t.db())).colour).toBe(MAIL_BRAND_COLOUR);
    await t.db().insert(supplierSettings).values({ id: 1, legalName: 'Harbour', brandColour: '#0b4f6c' });
    const brand = await mailBrand(t.db());
    expect(brand.colour).toBe('#0b4f6c');
    const html = (await renderMail('test', { name: 'Alex' }, brand)).html;
    expect(html).toContain('border-top:4px solid #0b4f6c');
    const withButton = (await renderMail('job-alert', { ...jobAlertMail.sample(config().appUrl) }, brand)).html;
    expect(withButton).toMatch(/<a [^>]*style="[^"]*background:#0b4f6c;[^"]*color:#ffffff/);
    await expect(
      t.db().update(supplierSettings).set({ brandColour: 'red' }).where(eq(supplierSettings.id, 1)),
    ).rejects.toThrow();
  });
});
