/**
 * The unsubscribe link of the alert e-mails (RFC 8058): GET sends the reader to the portal's unsubscribe page
 * (never acts), POST turns the alert the signed token names off without signing in (one-click: only that alert),
 * or, with `scope=all` from the page's "Stop all job alerts", every job alert of the token's user; then it sends the
 * reader to the page saying what was stopped (lib/settings/unsubscribe.ts).
 */
import { publicRoute } from '@/lib/http/route';
import { unsubscribeAlert, unsubscribeAnswer, unsubscribeConfirmRedirect } from '@/lib/settings/unsubscribe';

const token = (url: URL) => url.searchParams.get('token') ?? '';

export const GET = publicRoute(
  {
    summary: 'Sends the reader of a signed unsubscribe link to the unsubscribe page (never acts).',
    produces: 'any',
    statuses: { 303: { description: 'See Other: the unsubscribe page (/Unsubscribe), which asks before it acts.' } },
  },
  async ({ url }) => unsubscribeConfirmRedirect(token(url)),
);

export const POST = publicRoute(
  {
    summary:
      'One-click unsubscribe (RFC 8058): turns off the alert the signed token names; with scope=all, every job alert of its user.',
    produces: 'any',
    statuses: { 303: { description: 'See Other: the unsubscribe page (/Unsubscribe), saying what was stopped.' } },
  },
  async ({ url }) =>
    unsubscribeAnswer(await unsubscribeAlert(token(url), url.searchParams.get('scope') === 'all' ? 'all' : 'one')),
);
