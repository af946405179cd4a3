/**
 * /Ops/Notices: the notice pop-up's notices and the contextual help texts, managed by staff:
 * create, change, schedule a start and an end, retire. ?edit=<encoded id> opens a notice in the form.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { HelpForm } from '@/components/ops/HelpForm';
import { NoticeForm } from '@/components/ops/NoticeForm';
import { OpsActionButton } from '@/components/ops/OpsActionButton';
import { OpsTable, td } from '@/components/ops/OpsTable';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { encodeParam, tryDecodeId } from '@/lib/encoding';
import { displayDateTime } from '@/lib/display-date';
import { listManagedHelp, listManagedNotices, toLocal, type NoticeState } from '@/lib/notices/manage';
import { requireStaffPage } from '@/lib/ops/page';
import { retireHelpAction, retireNoticeAction, saveHelpAction, saveNoticeAction } from './actions';

export const metadata: Metadata = { title: 'Notices and help' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATE: Record<NoticeState, { label: string; tone: BadgeTone }> = {
  live: { label: 'Showing', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  ended: { label: 'Ended', tone: 'neutral' },
  retired: { label: 'Retired', tone: 'neutral' },
  inactive: { label: 'Inactive', tone: 'neutral' },
};

export default async function OpsNoticesPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireStaffPage('content.manage');
  const sp = await searchParams;
  const [notices, help] = await Promise.all([listManagedNotices(actor), listManagedHelp(actor)]);
  const editId = tryDecodeId(typeof sp.edit === 'string' ? sp.edit : null);
  const editing = editId ? (notices.find((n) => n.id === editId) ?? null) : null;
  const when = (d: Date | null, empty: string) => (d ? displayDateTime(d, actor.timeZone) : empty);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="page-title">Notices and help</h1>
        <p className="text-muted">
          The notice shows once per session to client users while it is showing; a changed title or content shows again
          to users who switched it off. Times are in {actor.timeZone}.
        </p>
      </div>

      <section aria-labelledby="notices-heading" className="flex flex-col gap-3">
        <h2 id="notices-heading" className="text-lg font-semibold">
          Notices
        </h2>
        <OpsTable
          caption="Notices"
          headers={['Title', 'State', 'From', 'Until', 'Actions']}
          empty={notices.length === 0}
        >
          {notices.map((n) => (
            <tr key={n.id}>
              <td className={td}>
                <span className="font-medium">{n.title}</span>
                <span className="block max-w-prose text-muted">{n.content}</span>
              </td>
              <td className={td}>
                <Badge tone={STATE[n.state].tone}>{STATE[n.state].label}</Badge>
              </td>
              <td className={td}>{when(n.startsAt, 'At once')}</td>
              <td className={td}>{when(n.endsAt, 'Until retired')}</td>
              <td className={td}>
                <div className="flex flex-wrap gap-2">
                  <Link
                    href={`/Ops/Notices?edit=${encodeParam(n.id)}#notice-form`}
                    aria-label={`Edit notice ${n.title}`}
                  >
                    Edit
                  </Link>
                  {n.state !== 'retired' && (
                    <OpsActionButton
                      label="Retire"
                      target={`notice ${n.title}`}
                      variant="danger"
                      confirm={{
                        title: 'Retire notice',
                        message: `Retire the notice “${n.title}”? Nobody will see it any more.`,
                      }}
                      action={retireNoticeAction.bind(null, n.id)}
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </OpsTable>
        <Card title={editing ? `Edit notice: ${editing.title}` : 'New notice'} titleAs="h3">
          <div id="notice-form">
            <NoticeForm
              key={editing?.id ?? 'new'}
              timeZone={actor.timeZone}
              save={saveNoticeAction}
              initial={
                editing
                  ? {
                      NoticeId: editing.id,
                      Title: editing.title,
                      Content: editing.content,
                      StartsAt: toLocal(editing.startsAt, actor.timeZone),
                      EndsAt: toLocal(editing.endsAt, actor.timeZone),
                    }
                  : null
              }
            />
          </div>
        </Card>
      </section>

      <section aria-labelledby="help-heading" className="flex flex-col gap-3">
        <h2 id="help-heading" className="text-lg font-semibold">
          Contextual help texts
        </h2>
        <OpsTable
          caption="Contextual help texts"
          headers={['Key', 'Text', 'State', 'Actions']}
          empty={help.length === 0}
        >
          {help.map((h) => (
            <tr key={h.key}>
              <td className={`${td} font-mono break-all`}>{h.key}</td>
              <td className={td}>{h.value}</td>
              <td className={td}>{h.retiredAt ? <Badge>Retired</Badge> : <Badge tone="success">In use</Badge>}</td>
              <td className={td}>
                {!h.retiredAt && (
                  <OpsActionButton
                    label="Retire"
                    target={`help text ${h.key}`}
                    variant="danger"
                    confirm={{ title: 'Retire help text', message: `Retire the help text of ${h.key}?` }}
                    action={retireHelpAction.bind(null, h.key)}
                  />
                )}
              </td>
            </tr>
          ))}
        </OpsTable>
        <Card title="Add or change a help text" titleAs="h3">
          <HelpForm save={saveHelpAction} />
        </Card>
      </section>
    </div>
  );
}
