import { getSupplier } from '@/lib/invoices/supplier';
import { NotFoundError } from '@/lib/core/errors';
import { publicRoute } from '@/lib/http/route';

/**
 * GET api/SupplierLogo: the supplier's logo from the supplier settings, public, for the masthead of the e-mails
 * (lib/mail/brand.ts links it with ?v= the settings' last change, so a cached copy is never stale); 404 without one.
 */
export const GET = publicRoute(
  {
    summary: 'The supplier’s logo (PNG or JPEG), shown in the e-mails.',
    produces: 'file',
    fileTypes: ['image/png', 'image/jpeg'],
  },
  async () => {
    const { logo } = await getSupplier();
    if (!logo) throw new NotFoundError('There is no logo.');
    return new Response(Buffer.from(logo.base64, 'base64'), {
      headers: {
        'Content-Type': logo.type,
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);
