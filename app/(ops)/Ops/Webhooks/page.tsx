/**
 * /Ops/Webhooks (role 1 only): the endpoints of the provider's own systems that receive signed job and
 * invoice events, with what is waiting and what failed; create, edit, disable, enable, open the delivery log.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Badge } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { encodeParam } from '@/lib/encoding';
import { requireStaffPage } from '@/lib/ops/page';
import { listWebhookEndpoints } from '@/lib/webhooks/endpoints';
import { setWebhookEndpointActiveAction } from './actions';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function OpsWebhooksPage() {
  const actor = await requireStaffPage('webhooks.manage');
  const endpoints = await listWebhookEndpoints(actor);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Webhooks</h1>
        <Link href="/Ops/Webhooks/Edit" className={buttonClasses({ variant: 'primary' })}>
          New endpoint
        </Link>
      </div>
      <p className="text-sm text-muted">
        Each endpoint receives the events it subscribes to as signed POST requests (Standard Webhooks: webhook-id,
        webhook-timestamp, webhook-signature). Failed deliveries are retried for about 28 hours; one job’s events always
        arrive in order.
      </p>
      <OpsTable
        caption="Webhook endpoints"
        headers={['Endpoint', 'State', 'Deliveries', 'Actions']}
        empty={endpoints.length === 0}
      >
        {endpoints.map((ep) => (
          <tr key={ep.id}>
            <td className={`${td} break-all`}>
              <Link href={`/Ops/Webhooks/Endpoint?eD=${encodeParam(ep.id)}`}>{ep.url}</Link>
              {ep.description && <div className="text-muted">{ep.description}</div>}
              <div className="text-xs text-muted">{ep.events.join(', ')}</div>
            </td>
            <td className={td}>{ep.isActive ? <Badge tone="success">Active</Badge> : <Badge>Disabled</Badge>}</td>
            <td className={td}>
              <div>{ep.pending} waiting</div>
              {ep.failed > 0 ? <Badge tone="danger">{ep.failed} failed</Badge> : <div>0 failed</div>}
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                <Link href={`/Ops/Webhooks/Endpoint?eD=${encodeParam(ep.id)}`} aria-label={`Delivery log of ${ep.url}`}>
                  Log
                </Link>
                <Link href={`/Ops/Webhooks/Edit?eD=${encodeParam(ep.id)}`} aria-label={`Edit ${ep.url}`}>
                  Edit
                </Link>
                {ep.isActive ? (
                  <OpsActionButton
                    label="Disable"
                    target={ep.url}
                    variant="danger"
                    confirm={{
                      title: 'Disable endpoint',
                      message: `Disable ${ep.url}? It gets no new events while disabled; its waiting deliveries wait.`,
                    }}
                    action={setWebhookEndpointActiveAction.bind(null, ep.id, false)}
                  />
                ) : (
                  <OpsActionButton
                    label="Enable"
                    target={ep.url}
                    action={setWebhookEndpointActiveAction.bind(null, ep.id, true)}
                  />
                )}
              </div>
            </td>
          </tr>
        ))}
      </OpsTable>
    </div>
  );
}
