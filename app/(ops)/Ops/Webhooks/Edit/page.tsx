/** /Ops/Webhooks/Edit (role 1 only): register a webhook endpoint, or with ?eD=<encoded id> edit one. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WebhookEndpointForm } from '@/components/ops/WebhookEndpointForm';
import { tryDecodeId } from '@/lib/encoding';
import { requireStaffPage } from '@/lib/ops/page';
import { getWebhookEndpoint } from '@/lib/webhooks/endpoints';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@/lib/webhooks/schema';
import { saveWebhookEndpointAction } from '../actions';

export const metadata: Metadata = { title: 'Webhook endpoint' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OpsWebhookEditPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('webhooks.manage');
  const sp = await searchParams;
  const id = tryDecodeId(typeof sp.eD === 'string' ? sp.eD : null);
  const ep = id ? await getWebhookEndpoint(actor, id) : null;
  if (id && !ep) notFound();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="page-title">{ep ? 'Edit webhook endpoint' : 'New webhook endpoint'}</h1>
      <WebhookEndpointForm
        save={saveWebhookEndpointAction.bind(null, ep?.id ?? null)}
        initial={
          ep
            ? {
                id: ep.id,
                url: ep.url,
                description: ep.description,
                events: ep.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
              }
            : null
        }
      />
    </div>
  );
}
