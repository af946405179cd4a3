/**
 * /Ops/Webhooks/Endpoint?eD=<encoded id> (role 1 only): one endpoint — its signing secret (the receiver
 * verifies with it) and its delivery log: each delivery with every attempt (time, HTTP status, an excerpt of the
 * answer, the error) and "Send again". ?msg=1 / 2: created / saved.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Alert } from '@/components/ui/Alert';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { buttonClasses } from '@/components/ui/Button';
import { DateTime } from '@/components/ui/DateTime';
import { Pagination } from '@/components/ui/Pagination';
import { encodeParam, tryDecodeId } from '@/lib/encoding';
import { pageFrom } from '@/lib/lists/paging';
import { requireStaffPage } from '@/lib/ops/page';
import { DELIVERY_LOG_PAGE_SIZE, getWebhookEndpoint, webhookDeliveryLog } from '@/lib/webhooks/endpoints';
import { resendWebhookDeliveryAction } from '../actions';

export const metadata: Metadata = { title: 'Webhook deliveries' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const SAVED: Record<string, string> = {
  '1': 'Endpoint created. Give its signing secret to the receiving system.',
  '2': 'Endpoint saved.',
};
const TONE: Record<string, BadgeTone> = { delivered: 'success', pending: 'warning', sending: 'info', failed: 'danger' };
const LABEL: Record<string, string> = {
  delivered: 'Delivered',
  pending: 'Waiting',
  sending: 'Sending',
  failed: 'Failed',
};

export default async function OpsWebhookEndpointPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('webhooks.manage');
  const sp = await searchParams;
  const id = tryDecodeId(typeof sp.eD === 'string' ? sp.eD : null);
  const ep = id ? await getWebhookEndpoint(actor, id) : null;
  if (!ep) notFound();
  const page = pageFrom(typeof sp.page === 'string' ? sp.page : null);
  const log = await webhookDeliveryLog(actor, ep.id, page);
  const saved = typeof sp.msg === 'string' ? SAVED[sp.msg] : undefined;
  const eD = encodeParam(ep.id);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">Webhook deliveries</h1>
        <div className="flex flex-wrap gap-2">
          <Link href={`/Ops/Webhooks/Edit?eD=${eD}`} className={buttonClasses()}>
            Edit endpoint
          </Link>
          <Link href="/Ops/Webhooks" className={buttonClasses()}>
            All endpoints
          </Link>
        </div>
      </div>
      {saved && <Alert tone="success">{saved}</Alert>}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">URL</dt>
        <dd className="break-all">{ep.url}</dd>
        {ep.description && (
          <>
            <dt className="font-medium">Description</dt>
            <dd>{ep.description}</dd>
          </>
        )}
        <dt className="font-medium">Events</dt>
        <dd>{ep.events.join(', ')}</dd>
        <dt className="font-medium">State</dt>
        <dd>{ep.isActive ? 'Active' : 'Disabled'}</dd>
        <dt className="font-medium">Signing secret</dt>
        <dd>
          {ep.secret ? (
            <code className="break-all">{ep.secret}</code>
          ) : (
            <span>The secret cannot be read with this server’s encryption key.</span>
          )}
        </dd>
      </dl>
      <OpsTable caption="Deliveries" headers={['Event', 'State', 'Attempts', 'Actions']} empty={log.rows.length === 0}>
        {log.rows.map((d) => (
          <tr key={d.id}>
            <td className={`${td} break-all`}>
              <div className="font-medium">{d.eventType}</div>
              <div className="text-muted">
                {d.messageId} · <DateTime value={d.createdAt} timeZone={actor.timeZone} withTime />
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer">Body</summary>
                <pre className="max-w-full text-xs break-all whitespace-pre-wrap">{d.body}</pre>
              </details>
            </td>
            <td className={td}>
              <Badge tone={TONE[d.status] ?? 'neutral'}>{LABEL[d.status] ?? d.status}</Badge>
              {d.resendRequested && <div className="mt-1 text-muted">Sent again by staff: in line</div>}
              {d.status === 'pending' && d.attempts > 0 && !d.resendRequested && (
                <div className="mt-1 text-muted">
                  Next try <DateTime value={d.nextAttemptAt} timeZone={actor.timeZone} withTime />
                </div>
              )}
            </td>
            <td className={td}>
              {d.log.length === 0 ? (
                'None yet'
              ) : (
                <ol className="flex flex-col gap-1">
                  {d.log.map((a, i) => (
                    <li key={i} className="break-all">
                      <DateTime value={a.attemptedAt} timeZone={actor.timeZone} withTime /> ·{' '}
                      {a.httpStatus === null ? 'no answer' : `HTTP ${a.httpStatus}`} · {a.durationMs} ms
                      {a.manual ? ' · sent again by staff' : ''}
                      {a.error && <div className="text-danger">{a.error}</div>}
                      {a.responseExcerpt && <div className="text-muted">{a.responseExcerpt}</div>}
                    </li>
                  ))}
                </ol>
              )}
            </td>
            <td className={td}>
              <OpsActionButton
                label="Send again"
                target={`delivery ${d.messageId}`}
                action={resendWebhookDeliveryAction.bind(null, d.id)}
              />
            </td>
          </tr>
        ))}
      </OpsTable>
      <Pagination
        page={page}
        totalCount={log.total}
        pageSize={DELIVERY_LOG_PAGE_SIZE}
        hrefForPage={(p) => `/Ops/Webhooks/Endpoint?eD=${eD}&page=${p}`}
        label="Delivery pages"
      />
    </div>
  );
}
