/**
 * The one-click unsubscribe link of the alert e-mails (RFC 8058): GET shows a confirmation page with a button,
 * POST turns the alert the signed token names off, without signing in (lib/settings/unsubscribe.ts).
 */
import { publicRoute } from '@/lib/http/route';
import { unsubscribeAlert, unsubscribeAnswer, unsubscribeConfirmPage } from '@/lib/settings/unsubscribe';

const token = (url: URL) => url.searchParams.get('token') ?? '';

export const GET = publicRoute(
  {
    summary: 'Asks to confirm turning off the alert a signed unsubscribe token names (an HTML page; never acts).',
    produces: 'any',
  },
  async ({ url }) => await unsubscribeConfirmPage(token(url)),
);

export const POST = publicRoute(
  { summary: 'One-click unsubscribe (RFC 8058): turns off the alert the signed token names.', produces: 'any' },
  async ({ url }) => unsubscribeAnswer(await unsubscribeAlert(token(url))),
);
