'use client';
/** Columns of the job table, the row actions menu and the mobile card template. */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { LazyMenu } from '@/components/ui/LazyMenu';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { type DataTableColumn } from '@/components/ui/DataTable';
import { MatterLink } from './MatterLink';
import { FEEDBACK_MSG } from '@/lib/jobs/feedback-messages';
import { jobRowLinks } from '@/lib/jobs/links';
import type { JobRowView } from '@/lib/jobs/present';

/** Job status 10 (spec §4): a cancelled job is never delivered, so it never takes feedback. */
const CANCELLED_STATUS = 10;

export type FeedbackMode = 'leave' | 'view';
export type OnFeedback = (row: JobRowView, mode: FeedbackMode) => void;

/** The job number, opening the slip in this tab: a plain link, so the browser still offers a new tab. */
function SlipLink({ row, className }: { row: JobRowView; className?: string }) {
  return (
    <a href={jobRowLinks(row).slip} className={className}>
      {row.jmsNumber}
    </a>
  );
}

/** The menu's items show the portal's one focus ring (globals.css :focus-visible) besides the highlight (WCAG 2.4.7, 1.4.11). */
const item =
  'flex cursor-pointer items-center rounded px-3 py-2 text-sm text-ink no-underline select-none hover:bg-brand-50 focus:bg-brand-50 data-[highlighted]:bg-brand-50';

/**
 * A row's Actions menu: a plain button until first used (components/ui/LazyMenu.tsx), so a list of rows renders no
 * Radix menu until one is opened.
 */
export function RowActions({ row, onFeedback }: { row: JobRowView; onFeedback: OnFeedback }) {
  return (
    // The chevron is the .caret class's ::after (app/globals.css), not an <svg> in every row.
    <LazyMenu
      label={`Actions for job ${row.jmsNumber}`}
      className={buttonClasses({ size: 'sm', className: 'caret' })}
      contentClassName="z-50 min-w-48 rounded-md border border-line bg-surface p-1 shadow-lg"
      items={() => <RowActionItems row={row} onFeedback={onFeedback} />}
    >
      Actions
    </LazyMenu>
  );
}

function RowActionItems({ row, onFeedback }: { row: JobRowView; onFeedback: OnFeedback }) {
  const links = jobRowLinks(row);
  return (
    <>
      <Menu.Item asChild className={item}>
        <a href={links.slip} target="_blank" rel="noopener">
          View job slip
        </a>
      </Menu.Item>
      {row.hasFeedback ? (
        <Menu.Item className={item} onSelect={() => onFeedback(row, 'view')}>
          View feedback
        </Menu.Item>
      ) : row.canGiveFeedback ? (
        <Menu.Item className={item} onSelect={() => onFeedback(row, 'leave')}>
          {FEEDBACK_MSG.leave}
        </Menu.Item>
      ) : row.status !== CANCELLED_STATUS ? (
        // Feedback rates a delivered job (docs/decisions/007-sign-in-messages-and-feedback.md): say so where the user looks for it.
        <Menu.Item disabled className={`${item} cursor-default text-muted data-[disabled]:pointer-events-none`}>
          {FEEDBACK_MSG.afterDelivery}
        </Menu.Item>
      ) : null}
      <Menu.Item asChild className={item}>
        <a href={links.copy}>Copy job</a>
      </Menu.Item>
      {links.invoice && (
        <Menu.Item asChild className={item}>
          <a href={links.invoice}>View invoice</a>
        </Menu.Item>
      )}
    </>
  );
}

/**
 * A dd-MMM-yyyy hh:mm AM/PM time in a .tm cell (app/globals.css): it may break between the date and the time, never
 * inside either, so the three time columns take a date's width, not a date and a time side by side.
 */
function stackedDateTime(text: string) {
  const at = text.indexOf(' ');
  if (at === -1) return text;
  return (
    <>
      {text.slice(0, at)}
      <span> </span>
      {text.slice(at + 1)}
    </>
  );
}

/** Sort keys are the legacy column numbers of spec §2 (1 job number … 8 status). */
export function jobColumns(onFeedback: OnFeedback): DataTableColumn<JobRowView>[] {
  return [
    // The row header: medium weight from the table (.dt), not a class on the link.
    { id: 'jmsNumber', header: 'Job number', sortKey: 1, cell: (r) => <SlipLink row={r} />, className: 'nw' },
    {
      id: 'matterReference',
      header: 'Matter/Ref',
      sortKey: 2,
      cell: (r) => <MatterLink reference={r.matterReference} />,
      className: 'wa',
    },
    {
      id: 'description',
      header: 'Description',
      sortKey: 3,
      // Below 1280 px the contact name column collapses into this cell, so the table fits 1024 px.
      cell: (r) => (
        <>
          {r.description}
          {r.contactName && <span className="xl-n">{r.contactName}</span>}
        </>
      ),
    },
    { id: 'contactName', header: 'Contact name', sortKey: 4, cell: (r) => r.contactName, wideOnly: true },
    { id: 'created', header: 'Time logged', sortKey: 5, cell: (r) => stackedDateTime(r.created), className: 'tm' },
    { id: 'due', header: 'Time due', sortKey: 6, cell: (r) => stackedDateTime(r.due), className: 'tm' },
    {
      id: 'delivered',
      header: 'Time delivered',
      sortKey: 7,
      cell: (r) => stackedDateTime(r.delivered),
      className: 'tm',
    },
    // The badge may wrap ("Waiting For / Payment") rather than widen the table past a laptop screen.
    { id: 'status', header: 'Status', sortKey: 8, cell: (r) => <StatusBadge status={r.status} className="wr" /> },
    { id: 'actions', header: 'Actions', cell: (r) => <RowActions row={r} onFeedback={onFeedback} /> },
  ];
}

export function JobCard({ row, onFeedback }: { row: JobRowView; onFeedback: OnFeedback }) {
  return (
    <Card
      as="article"
      titleAs="h3"
      status={row.status}
      title={<SlipLink row={row} />}
      actions={<StatusBadge status={row.status} />}
      footer={<RowActions row={row} onFeedback={onFeedback} />}
    >
      <dl className="dl">
        <dt>Matter/Ref</dt>
        <dd className="wa">
          <MatterLink reference={row.matterReference} />
        </dd>
        <dt>Description</dt>
        <dd>{row.description}</dd>
        <dt>Contact</dt>
        <dd>{row.contactName}</dd>
        <dt>Logged</dt>
        <dd>{row.created}</dd>
        <dt>Due</dt>
        <dd>{row.due}</dd>
        {row.delivered && (
          <>
            <dt>Delivered</dt>
            <dd>{row.delivered}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}
